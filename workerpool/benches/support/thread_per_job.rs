//! The pool-less baseline: a thread spawned for every job.

use std::sync::{Arc, Condvar, Mutex};
use std::thread;

use super::counting::Meter;
use super::pools::Control;

/// Runs `jobs` jobs of `work` rounds each on a thread per job, and waits for them all.
pub fn thread_per_job(jobs: u64, work: u64, meter: &mut Meter) {
    let control = Control::leak(0, work);
    let left = Arc::new((Mutex::new(jobs), Condvar::new()));
    meter.start();
    for job in 0..jobs {
        let left = Arc::clone(&left);
        thread::spawn(move || {
            control.handle(job);
            let (count, all_done) = &*left;
            let mut count = count.lock().expect("no panic");
            *count -= 1;
            if *count == 0 {
                all_done.notify_one();
            }
        });
    }
    let (count, all_done) = &*left;
    let mut count = count.lock().expect("no panic");
    while *count > 0 {
        count = all_done.wait(count).expect("no panic");
    }
    drop(count);
    meter.stop();
}
