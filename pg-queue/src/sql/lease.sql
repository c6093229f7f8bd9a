-- Leases up to $3 free jobs to worker process $1 for $2 seconds. SKIP LOCKED: two
-- processes leasing at once take different jobs, and neither waits for the other.
UPDATE jobs
SET attempt = attempt + 1,
    leased_by = $1,
    lease_until = clock_timestamp() + make_interval(secs => $2)
WHERE id IN (
    SELECT id FROM jobs
    WHERE done_at IS NULL AND (lease_until IS NULL OR lease_until < clock_timestamp())
    ORDER BY id
    LIMIT $3
    FOR UPDATE SKIP LOCKED
)
RETURNING id, payload, attempt
