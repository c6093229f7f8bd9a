//! Renders one zoom level with the pool directly, feeding it from the main thread.
use std::sync::mpsc::channel;
use tilesmith::{enqueue_zoom, spawn_renderers, Checker, Rendered};

fn main() -> Result<(), tilesmith::TileError> {
    let (tx, rx) = channel::<Rendered>();
    let pool = spawn_renderers(Checker, 2, tx)?;
    let n = enqueue_zoom(&pool, 3)?;
    let mut got: Vec<Rendered> = rx.iter().take(n).collect();
    got.sort();
    println!("{} tiles at zoom 3, first {} last {}", got.len(), got[0].tile, got[n - 1].tile);
    Ok(())
}
