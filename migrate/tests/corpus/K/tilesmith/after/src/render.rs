//! The render pool: a worker per thread renders tiles and sends them back.
use crate::style::Style;
use crate::tile::TileId;
use crate::TileError;
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread;
use workerpool::Pool;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rendered {
    pub tile: TileId,
    pub checksum: u32,
    pub style: String,
}

fn render_one<S: Style + ?Sized>(style: &S, tile: TileId) -> Rendered {
    let mut checksum: u32 = 0;
    for py in 0..16 {
        for px in 0..16 {
            checksum = checksum.wrapping_mul(31).wrapping_add(style.shade(tile, px, py) as u32);
        }
    }
    Rendered { tile, checksum, style: style.name().to_string() }
}

/// Starts `threads` renderers that send every finished tile to `out`.
pub fn spawn_renderers<S: Style>(style: S, threads: usize, out: Sender<Rendered>) -> Result<Pool<TileId>, TileError> {
    let style = Arc::new(style);
    let worker = move |tile: TileId| {
        let done = render_one(&*style, tile);
        out.send(done).expect("collector hung up");
    };
    let pool = Pool::<TileId>::new(threads * 4);
    for _ in 0..threads {
        pool.add_worker(worker.clone());
    }
    Ok(pool)
}

/// Queues every tile of zoom level `z`; returns how many.
pub fn enqueue_zoom(pool: &Pool<TileId>, z: u8) -> Result<usize, workerpool::Error> {
    let mut n = 0;
    for tile in TileId::level(z) {
        pool.delegate(tile)?;
        n += 1;
    }
    Ok(n)
}

/// Renders zoom levels `0..=max_zoom`, one feeding thread per level, and returns the tiles sorted.
pub fn render_pyramid<S: Style>(style: S, max_zoom: u8, threads: usize) -> Result<Vec<Rendered>, TileError> {
    let (tx, rx) = channel();
    let pool = spawn_renderers(style, threads, tx)?;
    let expected = thread::scope(|s| -> Result<usize, TileError> {
        let feeders: Vec<_> = (0..=max_zoom)
            .map(|z| {
                let pool = &pool;
                s.spawn(move || enqueue_zoom(pool, z))
            })
            .collect();
        let mut total = 0;
        for f in feeders {
            total += f.join().expect("feeder panicked")?;
        }
        Ok(total)
    })?;
    let mut tiles: Vec<Rendered> = rx.iter().take(expected).collect();
    tiles.sort();
    Ok(tiles)
}
