//! The landing page's upgrading section: the same work written against v2 and against v3.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Every path the samples resized, in order.
pub static RESIZED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn resize(path: &Path) {
    RESIZED.lock().unwrap().push(path.to_path_buf());
}

/// v2: an untyped pool, a worker removed by passing the same `Worker` again.
/// Returns how many workers run once it is done.
#[allow(deprecated)] // v2 is kept for migration only, and every item says so.
pub fn with_v2(path: PathBuf) -> Result<usize, workerpool::v2::Error> {
    use workerpool::v2::{Pool, Worker};
    // ANCHOR: v2
    let pool = Pool::new(100);
    let worker = Worker::new(|path: PathBuf| resize(&path));
    pool.add_worker(&worker)?;

    pool.delegate(path)?;
    pool.remove_worker(&worker)?;
    // ANCHOR_END: v2
    Ok(pool.workers_num())
}

/// v3: a typed pool, a worker removed through the handle `add_worker` returned.
/// Returns how many workers run once it is done.
pub fn with_v3(path: PathBuf) -> Result<usize, workerpool::Error> {
    use workerpool::Pool;
    // ANCHOR: v3
    let pool = Pool::new(100);
    let worker = pool.add_worker(|path: PathBuf| resize(&path));

    pool.delegate(path)?;
    worker.remove();
    // ANCHOR_END: v3
    Ok(pool.workers())
}
