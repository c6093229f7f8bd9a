//! The process-wide counting pool, started on first use.

use std::sync::mpsc::Sender;
use std::sync::LazyLock;

use workerpool::*;

use crate::count::{count_chunk, Counts};

/// A chunk of text and where its counts go.
pub type CountJob = (String, Sender<Counts>);

const COUNTERS: usize = 4;

static POOL: LazyLock<Pool<(String, Sender<std::collections::BTreeMap<String, usize>>)>> = LazyLock::new(|| {
    let pool = Pool::<(String, Sender<std::collections::BTreeMap<String, usize>>)>::new(32);
    let counter = count_chunk;
    for _ in 0..COUNTERS {
        pool.add_worker(counter);
    }
    pool
});

pub fn counting_pool() -> &'static Pool<(String, Sender<std::collections::BTreeMap<String, usize>>)> {
    &POOL
}
