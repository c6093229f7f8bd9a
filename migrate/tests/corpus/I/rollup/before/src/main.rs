use rollup::{build, BoxError, Event};
use std::sync::mpsc;
use std::thread;

const HOST_A: &str = "\
cpu.load 1700000000 420
cpu.load 1700000030 380
mem.used 1700000010 2048000
cpu.load 1700000065 910
disk.iops 1700000070 x12
mem.used 1700000070 2050000
cpu.load 1700000119 600
";

const HOST_B: &str = "\
cpu.load 1700000005 300
mem.used 1700000015 1900000
cpu.load 1700000061 1200
net.rx
mem.used 1700000100 1950000 extra
cpu.load 1700000125 150
";

fn main() -> Result<(), BoxError> {
    let (events, done) = mpsc::channel();
    let pipeline = build(60, events)?;
    println!("stages: {}", pipeline.stages.describe());

    let lines = HOST_A.lines().count() + HOST_B.lines().count();
    thread::scope(|s| {
        for host in [HOST_A, HOST_B] {
            let pipeline = &pipeline;
            s.spawn(move || {
                for line in host.lines() {
                    pipeline.push(line).expect("parse stage");
                }
            });
        }
    });

    let mut rejected = Vec::new();
    for event in done.iter().take(lines) {
        if let Event::Rejected(why) = event {
            rejected.push(why);
        }
    }
    rejected.sort();

    for ((metric, start), s) in pipeline.table.snapshot() {
        println!(
            "{metric:<10} @{start}  n={} min={} max={} mean={}",
            s.count, s.min, s.max, s.mean()
        );
    }
    println!("{} rejected:", rejected.len());
    for why in &rejected {
        println!("  {why}");
    }

    pipeline.stages.scale("parse", 1)?;
    pipeline.stages.scale("aggregate", 4)?;
    println!("stages: {}", pipeline.stages.describe());
    pipeline.stages.stop_all();
    Ok(())
}
