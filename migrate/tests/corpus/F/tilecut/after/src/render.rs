//! The process-wide renderer pool, created on first use.
use std::sync::mpsc::Sender;
use std::sync::OnceLock;

use workerpool::*;

use crate::tile::Tile;

pub type Rendered = (Tile, u64);
/// A tile and where its checksum goes.
pub type RenderJob = (Tile, Sender<Rendered>);

static RENDERERS: OnceLock<Pool<(Tile, Sender<(Tile, u64)>)>> = OnceLock::new();

fn checksum(t: &Tile) -> u64 {
    let mut h: u64 = 1469598103934665603;
    for b in [t.z as u32, t.x, t.y] {
        h ^= b as u64;
        h = h.wrapping_mul(1099511628211);
    }
    h % 100_000
}

pub fn renderer_pool() -> &'static Pool<(Tile, Sender<(Tile, u64)>)> {
    RENDERERS.get_or_init(|| {
        let pool = Pool::<(Tile, Sender<(Tile, u64)>)>::new(16);
        let w = |(tile, out): RenderJob| {
            let _ = out.send((tile, checksum(&tile)));
        };
        for _ in 0..2 {
            pool.add_worker(w);
        }
        pool
    })
}
