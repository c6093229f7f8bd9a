//! A process-wide audit trail, written by one background worker in the order events arrive.
use crate::TaskPool;
use std::sync::mpsc::{channel, Sender};
use std::sync::{Mutex, OnceLock};

pub enum AuditEvent {
    Line(String),
    Flush(Sender<usize>),
}

static AUDIT: OnceLock<TaskPool<AuditEvent>> = OnceLock::new();
static TRAIL: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn pool() -> &'static TaskPool<AuditEvent> {
    AUDIT.get_or_init(|| {
        let pool = TaskPool::<AuditEvent>::new(64);
        let writer = |event: AuditEvent| match event {
            AuditEvent::Line(line) => TRAIL.lock().unwrap().push(line),
            AuditEvent::Flush(ack) => {
                let _ = ack.send(TRAIL.lock().unwrap().len());
            }
        };
        pool.add_worker(writer);
        pool
    })
}

/// Records one line; it is written in the background.
pub fn record(line: impl Into<String>) {
    pool()
        .delegate(AuditEvent::Line(line.into()))
        .expect("audit pool has its worker");
}

/// Waits until every line recorded so far is written; returns how many lines the trail holds.
pub fn flush() -> usize {
    let (ack, done) = channel();
    pool().delegate(AuditEvent::Flush(ack)).expect("audit pool has its worker");
    done.recv().unwrap_or(0)
}

/// The lines written so far whose text starts with `prefix`, sorted.
pub fn lines_with(prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = TRAIL.lock().unwrap().iter().filter(|l| l.starts_with(prefix)).cloned().collect();
    out.sort();
    out
}
