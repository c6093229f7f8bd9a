//! `cargo run -p site` builds the hosted site into `site/dist/`; `-- serve` also previews it.

use clap::{Parser, Subcommand};
use site::Layout;
use std::process::ExitCode;

/// Builds workerpool's site (landing page, book, API docs) as static files.
#[derive(Parser)]
#[command(name = "site")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Builds the site, then serves it on 127.0.0.1 to preview.
    Serve {
        /// The port to listen on; a free one when left out.
        #[arg(long)]
        port: Option<u16>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let layout = Layout::current()?;
    let built = site::build(&layout)?;
    println!(
        "Built the site ({} pages) into {}",
        built.pages,
        built.dist.display()
    );
    if let Some(Command::Serve { port }) = cli.command {
        site::serve(&built.dist, port)?;
    }
    Ok(())
}
