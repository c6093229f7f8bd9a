//! One pool for the whole run; entering a phase replaces its workers with the phase's.

use std::any::Any;
use std::sync::Arc;

use workerpool::v2::{Pool, Worker};

use crate::error::IndexError;
use crate::phases::{self, Phase};

pub struct Indexer {
    pool: Arc<Pool>,
    active: Option<(Phase, Worker)>,
    width: usize,
}

impl Indexer {
    pub fn new(width: usize, queue: usize) -> Indexer {
        Indexer {
            pool: Arc::new(Pool::new(queue)),
            active: None,
            width,
        }
    }

    pub fn workers(&self) -> usize {
        self.pool.workers_num()
    }

    /// Removes the instances of the previous phase's worker, then starts `width` of the new one.
    pub fn enter(&mut self, phase: Phase) -> Result<(), IndexError> {
        if let Some((_, previous)) = self.active.take() {
            for _ in 0..self.width {
                self.pool.remove_worker(&previous)?;
            }
        }
        let worker = phases::worker_for(phase);
        for _ in 0..self.width {
            self.pool.add_worker(&worker)?;
        }
        self.active = Some((phase, worker));
        Ok(())
    }

    /// Queues a job for the current phase's workers.
    pub fn submit<J: Any + Send>(&self, job: J) -> Result<(), IndexError> {
        self.pool.delegate(job)?;
        Ok(())
    }

    pub fn finish(&mut self) {
        self.active = None;
        self.pool.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phases::ScanJob;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    #[test]
    fn entering_a_phase_replaces_the_workers() {
        let mut indexer = Indexer::new(2, 4);
        assert_eq!(indexer.workers(), 0);
        indexer.enter(Phase::Scan).unwrap();
        assert_eq!(indexer.workers(), 2);
        indexer.enter(Phase::Render).unwrap();
        assert_eq!(indexer.workers(), 2);
        indexer.finish();
        assert_eq!(indexer.workers(), 0);
    }

    #[test]
    fn a_scan_job_in_the_render_phase_kills_a_worker() {
        let mut indexer = Indexer::new(1, 4);
        indexer.enter(Phase::Render).unwrap();
        let (out, _back) = mpsc::channel();
        let doc = crate::docs::sample_corpus().remove(0);
        indexer.submit(ScanJob { doc, out }).unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        while indexer.workers() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(indexer.workers(), 0);
    }

    #[test]
    fn submitting_before_any_phase_fails() {
        let indexer = Indexer::new(1, 4);
        assert!(matches!(
            indexer.submit(7u32),
            Err(IndexError::Pool(workerpool::v2::Error::NoWorkers))
        ));
    }
}
