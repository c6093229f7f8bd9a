//! The process-wide thumbnail queue.

use crate::image::{Image, Thumbnail};
use std::sync::mpsc::Sender;
use std::sync::{Arc, OnceLock};
use workerpool::Pool;

/// How many pending images the queue holds before `enqueue` blocks.
pub const BACKLOG: usize = 32;

static QUEUE: OnceLock<Pool<ThumbJob>> = OnceLock::new();

/// One source image and the sizes wanted from it.
pub struct ThumbJob {
    pub image: Arc<Image>,
    pub max_side: u32,
    pub reply: Sender<Thumbnail>,
}

/// The shared queue; created on first use, without workers.
pub fn queue() -> &'static Pool<ThumbJob> {
    QUEUE.get_or_init(|| Pool::new(BACKLOG))
}

/// Queues one thumbnail per size in `sizes`. Returns how many were queued.
pub fn enqueue(image: Image, sizes: &[u32], reply: &Sender<Thumbnail>) -> Result<usize, workerpool::Error> {
    let image = Arc::new(image);
    for &max_side in sizes {
        queue().delegate(ThumbJob {
            image: Arc::clone(&image),
            max_side,
            reply: reply.clone(),
        })?;
    }
    Ok(sizes.len())
}
