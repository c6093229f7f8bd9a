-- The job's effect, idempotent: a second run of the same id changes nothing.
INSERT INTO sink (job_id, payload, worker) VALUES ($1, $2, $3)
ON CONFLICT (job_id) DO NOTHING
