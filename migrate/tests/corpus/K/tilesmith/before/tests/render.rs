//! Tests of the pyramid renderer and tile parsing.
use std::sync::mpsc::channel;
use tilesmith::*;

#[test]
fn pyramid_has_every_tile_once() {
    let tiles = render_pyramid(Checker, 3, 2).unwrap();
    assert_eq!(tiles.len(), 1 + 4 + 16 + 64);
    let mut ids: Vec<TileId> = tiles.iter().map(|t| t.tile).collect();
    ids.dedup();
    assert_eq!(ids.len(), tiles.len());
}

#[test]
fn rendering_is_deterministic() {
    let a = render_pyramid(Elevation { sea_level: 10 }, 2, 1).unwrap();
    let b = render_pyramid(Elevation { sea_level: 10 }, 2, 4).unwrap();
    assert_eq!(a, b);
}

#[test]
fn enqueue_counts_the_level() {
    let (tx, rx) = channel();
    let pool = spawn_renderers(Checker, 1, tx).unwrap();
    assert_eq!(pool.workers_num(), 1);
    assert_eq!(enqueue_zoom(&pool, 2).unwrap(), 16);
    assert_eq!(rx.iter().take(16).count(), 16);
}

#[test]
fn parse_errors() {
    assert!(matches!("3/9/0".parse::<TileId>(), Err(TileError::OutOfRange { .. })));
    assert!(matches!("3/a/0".parse::<TileId>(), Err(TileError::Parse(_))));
    assert!(matches!("3/1".parse::<TileId>(), Err(TileError::Format(_))));
    assert_eq!("0/0/0".parse::<TileId>().unwrap().to_string(), "0/0/0");
}
