-- Marks job $1 done, if the lease $2 this process holds is still its latest: after a
-- lease ran out and another process took the job, this changes nothing (0 rows).
UPDATE jobs
SET done_at = clock_timestamp(), done_by = leased_by, lease_until = NULL
WHERE id = $1 AND attempt = $2 AND done_at IS NULL
