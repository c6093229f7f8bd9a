use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use workerpool::{Pool, SharedWorker};

use crate::image::{Image, Size};
use crate::Result;

/// One image to shrink to one bounding box.
#[derive(Debug, Clone)]
pub struct ResizeJob {
    pub name: String,
    pub source: Arc<Image>,
    pub bounds: Size,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Thumb {
    pub name: String,
    pub size: Size,
    pub checksum: u32,
}

/// Owns the pool and the channel thumbnails come back on.
pub struct Resizer {
    pool: Pool<ResizeJob>,
    worker: SharedWorker<ResizeJob>,
    done: Mutex<Receiver<Thumb>>,
    submitted: Mutex<usize>,
}

impl Resizer {
    pub fn new(threads: usize) -> Result<Resizer> {
        let (tx, rx) = mpsc::channel();
        let worker = make_worker(tx);
        let pool = Pool::<ResizeJob>::new(threads * 4);
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        Ok(Resizer {
            pool,
            worker,
            done: Mutex::new(rx),
            submitted: Mutex::new(0),
        })
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    /// Adds or removes resize threads until `threads` are running.
    pub fn set_threads(&self, threads: usize) -> Result<()> {
        while self.pool.workers() < threads {
            self.pool.add_shared_worker(&self.worker);
        }
        while self.pool.workers() > threads {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }

    pub fn submit(&self, job: ResizeJob) -> Result<()> {
        self.pool.delegate(job)?;
        *self.submitted.lock().unwrap() += 1;
        Ok(())
    }

    /// Queues one job per bounding box for `source`.
    pub fn submit_all(&self, name: &str, source: Arc<Image>, bounds: &[Size]) -> Result<usize> {
        for &b in bounds {
            self.submit(ResizeJob {
                name: format!("{name}@{b}"),
                source: Arc::clone(&source),
                bounds: b,
            })?;
        }
        Ok(bounds.len())
    }

    /// Waits for every submitted job; thumbnails come back sorted by name.
    pub fn finish(&self) -> Result<Vec<Thumb>> {
        let pending = std::mem::take(&mut *self.submitted.lock().unwrap());
        let rx = self.done.lock().unwrap();
        let mut out = Vec::with_capacity(pending);
        for _ in 0..pending {
            let thumb = rx
                .recv_timeout(Duration::from_secs(30))
                .map_err(|e| format!("a resize job never came back: {e}"))?;
            out.push(thumb);
        }
        out.sort();
        Ok(out)
    }
}

fn make_worker(tx: Sender<Thumb>) -> SharedWorker<ResizeJob> {
    let tx = Mutex::new(tx);
    SharedWorker::new(move |job: ResizeJob| {
        let size = job.source.size().fit_into(job.bounds);
        let thumb = job.source.resized(size);
        let _ = tx.lock().unwrap().send(Thumb {
            name: job.name,
            size,
            checksum: thumb.checksum(),
        });
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_keep_aspect() {
        assert_eq!(Size::new(400, 200).fit_into(Size::new(100, 100)), Size::new(100, 50));
        assert_eq!(Size::new(200, 400).fit_into(Size::new(64, 64)), Size::new(32, 64));
    }

    #[test]
    fn threads_can_change() -> Result<()> {
        let r = Resizer::new(2)?;
        assert_eq!(r.threads(), 2);
        r.set_threads(4)?;
        assert_eq!(r.threads(), 4);
        r.set_threads(1)?;
        assert_eq!(r.threads(), 1);
        Ok(())
    }
}
