//! Sending jobs through anything that can carry them.
use std::sync::mpsc::channel;

use workerpool::{Error, Pool};

use crate::render::{RenderJob, Rendered};
use crate::tile::Tile;
use crate::AnyError;

/// Something that takes render jobs: the pool, or a test double.
pub trait Dispatch: Sync {
    fn dispatch(&self, job: RenderJob) -> Result<(), Error>;
    fn capacity(&self) -> usize;
}

impl Dispatch for Pool<(Tile, std::sync::mpsc::Sender<(Tile, u64)>)> {
    fn dispatch(&self, job: RenderJob) -> Result<(), Error> {
        self.delegate(job)?;
        Ok(())
    }
    fn capacity(&self) -> usize {
        self.workers()
    }
}

/// Renders `tiles` through `d`, feeding from several threads; results sorted.
pub fn render_all<D: Dispatch + ?Sized>(d: &D, tiles: &[Tile]) -> Result<Vec<Rendered>, AnyError> {
    let (tx, rx) = channel();
    std::thread::scope(|s| -> Result<(), AnyError> {
        let handles: Vec<_> = tiles
            .chunks(4)
            .map(|chunk| {
                let tx = tx.clone();
                s.spawn(move || chunk.iter().try_for_each(|t| d.dispatch((*t, tx.clone()))))
            })
            .collect();
        for h in handles {
            h.join().map_err(|_| "feeder panicked")??;
        }
        Ok(())
    })?;
    drop(tx);
    let mut out: Vec<Rendered> = rx.iter().collect();
    out.sort();
    Ok(out)
}
