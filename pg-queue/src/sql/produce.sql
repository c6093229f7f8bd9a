-- One round trip per batch: $1 is the batch's payloads, the table numbers the jobs.
INSERT INTO jobs (payload) SELECT unnest($1::text[])
