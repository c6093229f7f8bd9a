//! Submit a burst of checksum tasks to a default service and print the results.

use jobsrv::{Config, Service, Task};

fn main() {
    let service = Service::new(Config::default());
    service.start().expect("start");
    for id in 0..6u32 {
        let data = (0..id as u8 * 3).collect();
        service.submit(Task::Checksum { id, data }).expect("submit");
    }
    for outcome in service.collect(6) {
        println!("{:>2} {}", outcome.id, outcome.summary);
    }
    service.shutdown();
}
