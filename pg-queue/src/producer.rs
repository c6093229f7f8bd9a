//! The producer: creates the tables if needed and inserts jobs, a batch per round trip.

use crate::Error;
use postgres::Client;

/// Creates the jobs table, the sink and the run count, unless they exist.
pub fn create_schema(client: &mut Client, conninfo: &str) -> Result<(), Error> {
    client
        .batch_execute(include_str!("sql/schema.sql"))
        .map_err(|e| Error::lost("creating the tables", conninfo, e))
}

/// Inserts `jobs` jobs, `batch` per statement, each with a small payload; returns how many.
pub fn produce(
    client: &mut Client,
    conninfo: &str,
    jobs: usize,
    batch: usize,
) -> Result<usize, Error> {
    let insert = client
        .prepare(include_str!("sql/produce.sql"))
        .map_err(|e| Error::lost("preparing the insert", conninfo, e))?;
    let mut made = 0;
    while made < jobs {
        let payloads: Vec<String> = (made..jobs.min(made + batch.max(1)))
            .map(|n| format!("job {n}"))
            .collect();
        client
            .execute(&insert, &[&payloads])
            .map_err(|e| Error::lost("inserting jobs", conninfo, e))?;
        made += payloads.len();
    }
    Ok(made)
}
