//! An uploader started on demand: the pool and its worker are optional fields until `open` is called.

use std::fmt;
use std::sync::{Arc, Mutex};

use workerpool::{Pool, SharedWorker};

#[derive(Debug)]
pub enum UploadError {
    Closed,
    Pool(workerpool::Error),
}

impl fmt::Display for UploadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UploadError::Closed => f.write_str("the uploader is closed"),
            UploadError::Pool(e) => write!(f, "pool: {e}"),
        }
    }
}

impl From<workerpool::Error> for UploadError {
    fn from(e: workerpool::Error) -> Self {
        UploadError::Pool(e)
    }
}

#[derive(Default)]
pub struct Uploader {
    pool: Option<Pool<u32>>,
    sender: Option<SharedWorker<u32>>,
    pub stored: Arc<Mutex<Vec<u32>>>,
}

impl Uploader {
    pub fn open(&mut self, lanes: usize) -> Result<(), UploadError> {
        let pool = Pool::<u32>::new(8);
        let stored = Arc::clone(&self.stored);
        let sender = SharedWorker::new(move |chunk: u32| stored.lock().unwrap().push(chunk * 10));
        for _ in 0..lanes {
            pool.add_shared_worker(&sender);
        }
        self.pool = Some(pool);
        self.sender = Some(sender);
        Ok(())
    }

    pub fn lanes(&self) -> usize {
        self.pool.as_ref().map_or(0, |p| p.workers())
    }

    pub fn upload(&self, chunks: &[u32]) -> Result<usize, UploadError> {
        let pool = self.pool.as_ref().ok_or(UploadError::Closed)?;
        for &chunk in chunks {
            pool.delegate(chunk).map_err(workerpool::Error::from)?;
        }
        Ok(chunks.len())
    }

    /// One lane fewer.
    pub fn narrow(&self) -> Result<(), UploadError> {
        let pool = self.pool.as_ref().ok_or(UploadError::Closed)?;
        let sender = self.sender.as_ref().ok_or(UploadError::Closed)?;
        pool.remove_shared_worker(sender);
        Ok(())
    }

    pub fn wait_for(&self, n: usize) {
        while self.stored.lock().unwrap().len() < n {
            std::thread::yield_now();
        }
    }
}
