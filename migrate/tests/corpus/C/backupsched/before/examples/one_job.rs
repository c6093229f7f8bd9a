//! Runs a single job by name against a generated tree.

use std::sync::Arc;

use backupsched::{Schedule, Scheduler, VirtualFs};

fn main() -> backupsched::Result<()> {
    let fs = Arc::new(VirtualFs::new());
    for i in 0..40 {
        fs.write(&format!("/data/part-{i:02}.bin"), 1_000 * (i + 1), 0);
    }
    let schedule = Schedule::parse("data every 1h keep 1: /data")?;
    let mut sched = Scheduler::new(Arc::clone(&fs), 4);
    let job = schedule.job("data")?;
    let first = sched.run_job(job, 1)?;
    fs.write("/data/part-07.bin", 9, 2);
    let second = sched.run_job(job, 2)?;
    println!("{first:?}");
    println!("{second:?}");
    match schedule.job("photos") {
        Err(e) => println!("{e}"),
        Ok(_) => println!("unexpected job"),
    }
    Ok(())
}
