//! The process-wide counting pool, started on first use.

use std::sync::mpsc::Sender;
use std::sync::LazyLock;

use workerpool::*;

use crate::count::{count_chunk, Counts};

/// A chunk of text and where its counts go.
pub type CountJob = (String, Sender<Counts>);

const COUNTERS: usize = 4;

static POOL: LazyLock<Pool> = LazyLock::new(|| {
    let pool = Pool::new(32);
    let counter = Worker::new(count_chunk);
    for _ in 0..COUNTERS {
        pool.add_worker(&counter)
            .expect("adding a worker cannot fail");
    }
    pool
});

pub fn counting_pool() -> &'static Pool {
    &POOL
}
