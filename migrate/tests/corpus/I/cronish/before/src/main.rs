use cronish::*;

fn main() -> Result<(), SchedError> {
    let mut sched = Scheduler::new(&Lane::ALL)?;
    sched
        .add(Ping { host: "db-1" })
        .add(Ping { host: "cache-eu" })
        .add(Cleanup { dir: "/var/tmp", every: 2 })
        .add(Cleanup { dir: "/srv/uploads/stale", every: 4 })
        .add(Report { title: "daily-revenue", rows: 10_000 });

    for lane in Lane::ALL {
        println!("{:?}: {} threads", lane, sched.threads(lane));
    }

    let first = sched.run_ticks(4)?;
    for o in &first {
        println!("tick {} {:<5} {:<20} {}", o.tick, format!("{:?}", o.lane), o.task, o.value);
    }

    // the night shift: more room for reports, fewer pings
    sched.resize(Lane::Batch, 3)?;
    sched.resize(Lane::Fast, 1)?;
    println!("after resize: fast={} batch={}", sched.threads(Lane::Fast), sched.threads(Lane::Batch));

    let night = sched.tick(6)?;
    let total: u64 = night.iter().map(|o| o.value).sum();
    println!("tick 6: {} runs, total {}", night.len(), total);

    let trail = audit::drain_sorted(first.len() + night.len());
    println!("audit: {} lines, first {:?}, last {:?}", trail.len(), trail[0], trail[trail.len() - 1]);
    sched.shutdown();
    Ok(())
}
