mod daemon;
mod metrics;
mod task;

use std::error::Error;

use daemon::Daemon;

const INPUT: &str = "resize 1 800 600
transcode 2 95
archive 3 a.txt b.txt report.pdf
resize 4 3840 2160
frobnicate 5
transcode 6 12
archive 7 notes.md
";

fn main() -> Result<(), Box<dyn Error>> {
    let mut d = Daemon::new(3);
    if let Err(e) = d.submit_line("resize 0 1 1") {
        println!("before start: {e}");
    }
    d.start()?;
    for line in INPUT.lines() {
        if let Err(e) = d.submit_line(line) {
            println!("skipped {line:?}: {e}");
        }
    }
    let outcomes = d.drain()?;
    for o in &outcomes {
        println!("#{} {:<9} cost {}", o.id, o.kind, o.cost);
    }
    let total: u64 = outcomes.iter().map(|o| o.cost).sum();
    println!("total cost {total}");
    for (name, n) in metrics::snapshot(outcomes.len() as u64) {
        println!("metric {name} = {n}");
    }
    d.shutdown();
    match d.submit_line("resize 9 2 2") {
        Err(e) => println!("after shutdown: {e}"),
        Ok(()) => println!("after shutdown: accepted?"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drain_returns_every_outcome() {
        let mut d = Daemon::new(2);
        d.start().unwrap();
        for i in 0..50 {
            d.submit(task::Task::Transcode { id: i, seconds: i }).unwrap();
        }
        let out = d.drain().unwrap();
        assert_eq!(out.len(), 50);
        assert_eq!(out[49].cost, 49 * 24);
        d.shutdown();
    }

    #[test]
    fn not_running_errors() {
        let mut d = Daemon::new(1);
        assert!(matches!(d.drain(), Err(daemon::DaemonError::NotRunning)));
        assert!(matches!(d.submit_line("bogus"), Err(daemon::DaemonError::BadTask(_))));
    }
}
