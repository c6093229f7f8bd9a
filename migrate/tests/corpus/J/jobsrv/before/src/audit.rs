//! A process-wide audit log, written by one background worker so callers never wait on it.

use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};

use workerpool::{Pool, Worker};

pub enum AuditEvent {
    Line(String),
    Drain(Sender<Vec<String>>),
}

static AUDIT: OnceLock<Pool> = OnceLock::new();

fn pool() -> &'static Pool {
    AUDIT.get_or_init(|| {
        let pool = Pool::new(128);
        let lines = Mutex::new(Vec::new());
        // One worker, so events are handled in the order they were queued.
        let writer = Worker::new(move |event: AuditEvent| match event {
            AuditEvent::Line(l) => lines.lock().unwrap().push(l),
            AuditEvent::Drain(out) => {
                let _ = out.send(std::mem::take(&mut *lines.lock().unwrap()));
            }
        });
        pool.add_worker(&writer).expect("audit worker");
        pool
    })
}

pub fn record(line: impl Into<String>) {
    // Auditing must never fail a request.
    let _ = pool().delegate(AuditEvent::Line(line.into()));
}

/// Every line recorded since the last drain, in order.
pub fn drain() -> Vec<String> {
    let (tx, rx) = mpsc::channel();
    pool().delegate(AuditEvent::Drain(tx)).expect("audit pool");
    rx.recv().unwrap_or_default()
}
