use std::sync::mpsc::{channel, Sender};
use std::thread;

use crate::image::{render, Image, Thumb};
use crate::{Result, ThreadPool};

/// An image, the box to fit it in, and where to send the thumbnail.
pub type RenderJob = (Image, u32, Sender<Thumb>);

/// A render farm. The pool lives in an `Option` so that `close` can take it out and
/// stop it while the farm itself stays around for its statistics.
pub struct Farm {
    pool: Option<ThreadPool<RenderJob>>,
    renderer: workerpool::SharedWorker<RenderJob>,
    max_side: u32,
    rendered: usize,
}

impl Farm {
    pub fn new(threads: usize, max_side: u32) -> Result<Farm> {
        let pool = ThreadPool::<RenderJob>::new(threads * 4);
        let renderer = workerpool::SharedWorker::new(|(img, max, out): RenderJob| {
            let _ = out.send(render(&img, max));
        });
        for _ in 0..threads {
            pool.add_shared_worker(&renderer);
        }
        Ok(Farm { pool: Some(pool), renderer, max_side, rendered: 0 })
    }

    fn pool(&self) -> Result<&ThreadPool<RenderJob>> {
        self.pool.as_ref().ok_or_else(|| "the farm is closed".into())
    }

    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(0, |p| p.workers())
    }

    /// Sets the number of render threads.
    pub fn resize(&self, target: usize) -> Result<()> {
        let pool = self.pool()?;
        let worker = self.renderer.clone();
        while pool.workers() < target {
            pool.add_shared_worker(&worker);
        }
        while pool.workers() > target {
            pool.remove_shared_worker(&worker);
        }
        Ok(())
    }

    /// Renders every image. Several feeder threads queue jobs at once, each borrowing
    /// the pool; the thumbnails come back sorted by name.
    pub fn render_all(&mut self, images: Vec<Image>, feeders: usize) -> Result<Vec<Thumb>> {
        let pool = self.pool()?;
        let max = self.max_side;
        let total = images.len();
        let (out, thumbs) = channel::<Thumb>();
        let chunk = total.div_ceil(feeders.max(1)).max(1);
        let mut batches: Vec<Vec<Image>> = Vec::new();
        let mut rest = images;
        while !rest.is_empty() {
            let tail = rest.split_off(chunk.min(rest.len()));
            batches.push(rest);
            rest = tail;
        }
        thread::scope(|s| -> Result<()> {
            let mut feeders = Vec::new();
            for batch in batches {
                let out = out.clone();
                feeders.push(s.spawn(move || -> std::result::Result<(), workerpool::Error> {
                    for img in batch {
                        pool.delegate((img, max, out.clone()))?;
                    }
                    Ok(())
                }));
            }
            for f in feeders {
                f.join().expect("feeder panicked")?;
            }
            Ok(())
        })?;
        drop(out);
        let mut result: Vec<Thumb> = thumbs.iter().take(total).collect();
        result.sort();
        self.rendered += result.len();
        Ok(result)
    }

    pub fn rendered(&self) -> usize {
        self.rendered
    }

    /// Stops the pool; the farm answers `threads() == 0` afterwards.
    pub fn close(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
    }
}
