//! What can go wrong talking to the database, each with what to do about it.

use std::fmt;

/// A failure of the producer, a worker process or the status command.
#[derive(Debug)]
pub enum Error {
    /// No server answered, or it refused us, at the start.
    Connect {
        /// Where we tried, as given (`--db` or `DATABASE_URL`).
        conninfo: String,
        source: postgres::Error,
    },
    /// The process could not listen for `SIGTERM` and `SIGINT`.
    Signals(std::io::Error),
    /// The jobs table is missing: nothing was ever produced into this database.
    NoSchema { conninfo: String },
    /// The connection broke, or a statement failed, while doing `doing`.
    Lost {
        doing: &'static str,
        source: postgres::Error,
    },
}

impl Error {
    /// `source` while doing `doing`, or [`Error::NoSchema`] when the jobs table is missing.
    pub(crate) fn lost(doing: &'static str, conninfo: &str, source: postgres::Error) -> Self {
        if source.code() == Some(&postgres::error::SqlState::UNDEFINED_TABLE) {
            Error::NoSchema {
                conninfo: conninfo.to_owned(),
            }
        } else {
            Error::Lost { doing, source }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Connect { conninfo, source } => write!(
                f,
                "cannot connect to PostgreSQL at `{conninfo}`: {source}. Is the server running, \
                 and does the database exist? Give its connection string with --db or DATABASE_URL."
            ),
            Error::Signals(source) => write!(f, "cannot listen for SIGTERM and SIGINT: {source}"),
            Error::NoSchema { conninfo } => write!(
                f,
                "the database at `{conninfo}` has no jobs table: run `pg-queue produce` against it first"
            ),
            Error::Lost { doing, source } => write!(
                f,
                "lost the database while {doing}: {source}. Jobs leased and not acknowledged \
                 return to the queue when their lease runs out; start the worker again once the \
                 server is back."
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Connect { source, .. } | Error::Lost { source, .. } => Some(source),
            Error::Signals(source) => Some(source),
            Error::NoSchema { .. } => None,
        }
    }
}
