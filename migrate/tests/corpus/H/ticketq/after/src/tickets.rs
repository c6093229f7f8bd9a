use std::fmt;
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use workerpool::v2::{Pool, Worker};

/// A ticket id and where to send its triage line.
pub type Job = (u32, Sender<String>);

#[derive(Debug)]
pub enum AppError {
    Pool(workerpool::v2::Error),
    Lost(usize),
}

impl From<workerpool::v2::Error> for AppError {
    fn from(e: workerpool::v2::Error) -> Self {
        AppError::Pool(e)
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Pool(e) => write!(f, "pool: {}", e),
            AppError::Lost(n) => write!(f, "{} tickets lost", n),
        }
    }
}

pub struct Desk {
    pub pool: Pool,
    pub triage: Worker,
}

impl Desk {
    pub fn new(staff: usize) -> Result<Arc<Desk>, AppError> {
        let triage = Worker::new(|(id, out): Job| {
            let level = match id % 3 {
                0 => "low",
                1 => "normal",
                _ => "urgent",
            };
            out.send(format!("ticket #{:04} -> {}", id, level)).unwrap();
        });
        let desk = Desk { pool: Pool::new(4), triage };
        for _ in 0..staff {
            desk.pool.add_worker(&desk.triage)?;
        }
        Ok(Arc::new(desk))
    }
}

pub fn submit(pool: &Pool, ids: &[u32], out: &Sender<String>) -> Result<usize, AppError> {
    for &id in ids {
        pool.delegate((id, out.clone()))?;
    }
    Ok(ids.len())
}

pub fn run_batch(desk: &Arc<Desk>, ids: &[u32]) -> Result<Vec<String>, AppError> {
    let (tx, rx) = channel();
    let sent = submit(&desk.pool, ids, &tx)?;
    drop(tx);
    let mut lines: Vec<String> = rx.iter().take(sent).collect();
    if lines.len() != sent {
        return Err(AppError::Lost(sent - lines.len()));
    }
    lines.sort();
    Ok(lines)
}

pub fn close(desk: &Desk) -> Result<(), AppError> {
    while desk.pool.workers_num() > 0 {
        desk.pool.remove_worker(&desk.triage)?;
    }
    Ok(())
}
