//! `pg-queue`: produce jobs into a PostgreSQL table, run worker processes on them, see the status.

mod cli;

use pg_queue::database::connect;
use pg_queue::status::Status;
use pg_queue::worker::{self, Ending};
use pg_queue::{Error, producer};
use std::process::ExitCode;

fn main() -> ExitCode {
    let (conninfo, command) = match cli::parse() {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("pg-queue: {message}");
            return ExitCode::from(2);
        }
    };
    match run(&conninfo, command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pg-queue: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(conninfo: &str, command: cli::Command) -> Result<(), Error> {
    match command {
        cli::Command::Produce { jobs, batch } => {
            let mut client = connect(conninfo, "pg-queue producer")?;
            producer::create_schema(&mut client, conninfo)?;
            let made = producer::produce(&mut client, conninfo, jobs, batch as usize)?;
            println!("produced {made} jobs");
            Ok(())
        }
        cli::Command::Status => {
            let mut client = connect(conninfo, "pg-queue status")?;
            println!("{}", Status::read(&mut client, conninfo)?);
            Ok(())
        }
        cli::Command::Work(options) => {
            let options = options.into_options(conninfo);
            let report = worker::run(&options)?;
            println!("{}: {}", options.name, report.counts);
            match report.ending? {
                Ending::Signal(signal) => {
                    eprintln!("{}: signal {signal}: finished what it leased", options.name);
                }
                Ending::AllDone => eprintln!("{}: every job is done", options.name),
            }
            Ok(())
        }
    }
}
