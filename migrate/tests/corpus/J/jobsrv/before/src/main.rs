//! Run a few tasks through the service, pause it, resume it, and print the audit trail.

use jobsrv::{audit, Config, Service, ServiceError, Task};

fn main() -> Result<(), ServiceError> {
    let service = Service::new(Config::new(3, 4));
    if let Err(e) = service.submit(Task::echo(0, "early")) {
        println!("before start: {e}");
    }
    service.start()?;

    let tasks = vec![
        Task::Resize {
            id: 3,
            width: 800,
            height: 600,
        },
        Task::Checksum {
            id: 1,
            data: b"hello".to_vec(),
        },
        Task::echo(2, "hi"),
    ];
    let n = tasks.len();
    for t in tasks {
        service.submit(t)?;
    }
    for o in service.collect(n) {
        println!("{}: {}", o.id, o.summary);
    }

    service.pause();
    match service.submit(Task::echo(9, "late")) {
        Ok(()) => println!("paused service took a task"),
        Err(e) => println!("while paused: {e}"),
    }
    service.resume()?;
    service.submit(Task::echo(4, "back"))?;
    for o in service.collect(1) {
        println!("{}: {}", o.id, o.summary);
    }

    println!("shut down {} workers", service.shutdown());
    let mut trail = audit::drain();
    trail.sort();
    println!("audit: {}", trail.join(", "));
    Ok(())
}
