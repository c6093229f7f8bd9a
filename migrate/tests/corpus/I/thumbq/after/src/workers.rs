//! The workers that drain the queue.

use crate::image::Thumbnail;
use crate::queue::ThumbJob;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use workerpool::SharedWorker;

/// Counts the pixels written, across every resizer built with it.
#[derive(Default)]
pub struct Stats {
    pub pixels: AtomicU64,
    pub thumbnails: AtomicU64,
}

/// A worker that resizes one `ThumbJob` and replies with the thumbnail.
pub fn resizer(stats: Arc<Stats>) -> SharedWorker<ThumbJob> {
    SharedWorker::new(move |job: ThumbJob| {
        let thumb = job.image.resize(job.max_side);
        stats.pixels.fetch_add(thumb.pixels.len() as u64, Ordering::Relaxed);
        stats.thumbnails.fetch_add(1, Ordering::Relaxed);
        let _ = job.reply.send(Thumbnail {
            source: job.image.name.clone(),
            max_side: job.max_side,
            width: thumb.width,
            height: thumb.height,
            checksum: thumb.checksum(),
        });
    })
}

/// Starts `n` instances of `worker` on the queue.
pub fn start(worker: &SharedWorker<ThumbJob>, n: usize) -> Result<(), workerpool::Error> {
    for _ in 0..n {
        crate::queue().add_shared_worker(worker);
    }
    Ok(())
}
