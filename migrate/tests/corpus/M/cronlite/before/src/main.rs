use cronlite::{audit, Scheduler};

const CRONTAB: &str = "\
# minute  command     args
*/15      backup      /srv/db
0         rotate-logs app.log worker.log
*/20      ping        gw1 gw2
7         sum         1 2 3 4
";

fn main() -> anyhow::Result<()> {
    let scheduler = Scheduler::from_crontab(CRONTAB, 3)?;
    scheduler.executor().add_thread()?;
    println!("threads: {}", scheduler.executor().threads());
    let runs = scheduler.simulate(0..61)?;
    for run in &runs {
        println!("{:02}:{:02} {:<12} {}", run.minute / 60, run.minute % 60, run.command, run.output);
    }
    scheduler.executor().remove_thread()?;
    println!("threads: {}", scheduler.executor().threads());
    let trail = audit::snapshot();
    println!("audit lines: {} (first: {}, last: {})", trail.len(), trail[0], trail[trail.len() - 1]);
    Ok(())
}
