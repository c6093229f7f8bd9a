//! A process-wide audit trail, written by one background thread.

use std::sync::mpsc::Sender;
use std::sync::{LazyLock, Mutex};

use workerpool::{Pool, Worker};

/// A line for the trail, and who to tell once it is written.
pub type AuditJob = (String, Sender<()>);

static TRAIL: Mutex<Vec<String>> = Mutex::new(Vec::new());

static WRITER: LazyLock<Pool> = LazyLock::new(|| {
    let pool = Pool::new(256);
    let writer = Worker::new(|(line, written): AuditJob| {
        TRAIL.lock().unwrap().push(line);
        let _ = written.send(());
    });
    pool.add_worker(&writer).expect("audit writer");
    pool
});

pub fn record(line: String, written: Sender<()>) -> Result<(), workerpool::Error> {
    WRITER.delegate((line, written))
}

/// The trail so far, sorted.
pub fn snapshot() -> Vec<String> {
    let mut lines = TRAIL.lock().unwrap().clone();
    lines.sort();
    lines
}
