-- The queue: one row per job. A job is free when it is not done and its lease (if any)
-- has run out; `attempt` counts its leases, and an acknowledgement names the one it holds.
CREATE TABLE IF NOT EXISTS jobs (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    payload     text NOT NULL,
    attempt     integer NOT NULL DEFAULT 0,
    leased_by   text,
    lease_until timestamptz,
    done_at     timestamptz,
    done_by     text
);
-- What a lease reads: the jobs not done, in id order.
CREATE INDEX IF NOT EXISTS jobs_not_done ON jobs (id) WHERE done_at IS NULL;

-- The idempotent sink, the jobs' effect: one row per job id, whoever ran it first.
CREATE TABLE IF NOT EXISTS sink (
    job_id  bigint PRIMARY KEY,
    payload text NOT NULL,
    worker  text NOT NULL
);

-- Every run of a job, duplicates included: how often at-least-once meant "twice".
CREATE TABLE IF NOT EXISTS runs (
    job_id     bigint NOT NULL,
    attempt    integer NOT NULL,
    worker     text NOT NULL,
    started_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
