use std::sync::Arc;

use backupsched::{Schedule, Scheduler, VirtualFs};

const SCHEDULE: &str = "\
# name  interval  retention: sources
home every 1d keep 2: /home
system every 12h keep 3: /etc /var/log
";

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let fs = Arc::new(VirtualFs::sample());
    let schedule = Schedule::parse(SCHEDULE)?;
    let mut sched = Scheduler::new(Arc::clone(&fs), 3);

    // Simulate three days, checking every 6 hours; files change along the way.
    for hour in (6..=72).step_by(6) {
        match hour {
            18 => fs.write("/home/ana/notes.md", 4_900, hour),
            30 => {
                fs.write("/etc/hosts", 340, hour);
                fs.write("/var/log/syslog", 5_200_000, hour);
            }
            42 => {
                fs.remove("/home/bo/refs.bib");
                fs.write("/home/bo/thesis.tex", 91_000, hour);
                fs.write("/home/ana/photos/park.jpg", 2_700_000, hour);
            }
            60 => fs.write("/var/log/syslog", 5_600_000, hour),
            _ => {}
        }
        for r in sched.tick(&schedule, hour)? {
            let pruned = if r.pruned.is_empty() {
                String::new()
            } else {
                format!(", pruned {:?}", r.pruned)
            };
            println!(
                "h{hour:02} {:<6} snapshot #{} {} files {} bytes{pruned}",
                r.job, r.snapshot, r.files, r.bytes
            );
        }
    }

    for job in &schedule.jobs {
        println!("{} keeps:", job.name);
        for snap in sched.catalog().snapshots(&job.name) {
            println!(
                "  #{} at h{}: {}",
                snap.id,
                snap.taken_at,
                snap.files.keys().cloned().collect::<Vec<_>>().join(" ")
            );
        }
    }
    println!("idle threads: {}", sched.threads());
    Ok(())
}
