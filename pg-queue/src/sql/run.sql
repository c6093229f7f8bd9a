-- Counts a run: one row for every time any process starts job $1.
INSERT INTO runs (job_id, attempt, worker) VALUES ($1, $2, $3)
