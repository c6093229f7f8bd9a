//! For the tests and the measurement: the server `PG_TEST_URL` names, throwaway databases on it, and waiting on a condition with a deadline.
//!
//! These panic instead of returning errors: a test that cannot set up has failed.

use crate::database::connect;
use postgres::Client;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The variable that names the test server, as a `key=value` string or a `postgresql://` URL
/// (`.ci/pg-cluster start` prints it).
pub const SERVER_VARIABLE: &str = "PG_TEST_URL";

/// The server to run `test` against, or `None` after saying why it is skipped: no
/// `PG_TEST_URL`, or no server there. Under `CI=true` either panics instead.
pub fn test_server(test: &str) -> Option<String> {
    let under_ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let skip = |why: String| {
        assert!(
            !under_ci,
            "{test}: {why}; under CI the PostgreSQL tests must run (.ci/run starts a server)"
        );
        eprintln!(
            "{test}: skipped: {why}. Start a throwaway server with \
             `eval \"$(.ci/pg-cluster start)\"` to run it."
        );
        None
    };
    let Ok(server) = std::env::var(SERVER_VARIABLE) else {
        return skip(format!("{SERVER_VARIABLE} is not set"));
    };
    match connect(&server, "pg-queue tests") {
        Ok(_) => Some(server),
        Err(e) => skip(format!("no server at {SERVER_VARIABLE}: {e}")),
    }
}

/// `conninfo` with its database replaced by `database`.
pub fn with_database(conninfo: &str, database: &str) -> String {
    match conninfo.split_once("://") {
        Some((scheme, rest)) => {
            let (address, query) = match rest.split_once('?') {
                Some((address, query)) => (address, format!("?{query}")),
                None => (rest, String::new()),
            };
            let host = address.split_once('/').map_or(address, |(host, _)| host);
            format!("{scheme}://{host}/{database}{query}")
        }
        // In a `key=value` string the last of a key counts.
        None => format!("{conninfo} dbname={database}"),
    }
}

/// A database made for one test, dropped (with its connections) when this is dropped.
pub struct ScratchDatabase {
    server: String,
    name: String,
    conninfo: String,
}

impl ScratchDatabase {
    /// Creates an empty database on `server`.
    pub fn create(server: &str) -> Self {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .expect("the clock is past 1970")
            .subsec_nanos();
        let name = format!(
            "pg_queue_test_{}_{}_{nanos}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        admin(server)
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("cannot create the test database {name}: {e}"));
        let conninfo = with_database(server, &name);
        ScratchDatabase {
            server: server.to_owned(),
            name,
            conninfo,
        }
    }

    /// The connection string of this database.
    pub fn conninfo(&self) -> &str {
        &self.conninfo
    }

    /// A new connection to this database.
    pub fn client(&self) -> Client {
        connect(&self.conninfo, "pg-queue tests")
            .unwrap_or_else(|e| panic!("cannot connect to {}: {e}", self.name))
    }
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        // FORCE ends the connections still open, such as a killed worker's.
        let dropped = admin(&self.server).batch_execute(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ));
        if let Err(e) = dropped {
            eprintln!("could not drop the test database {}: {e}", self.name);
        }
    }
}

fn admin(server: &str) -> Client {
    connect(server, "pg-queue tests").unwrap_or_else(|e| panic!("{e}"))
}

/// Polls `condition` until it holds; panics, naming `what`, once `within` has passed.
pub fn wait_for<T>(what: &str, within: Duration, mut condition: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + within;
    loop {
        if let Some(value) = condition() {
            return value;
        }
        assert!(
            Instant::now() < deadline,
            "waited {within:?} for {what}, in vain"
        );
        thread::sleep(Duration::from_millis(10));
    }
}
