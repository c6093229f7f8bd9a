//! tilesmith: renders map tiles (a zoom pyramid) on a worker pool.
mod error;
pub mod render;
pub mod style;
pub mod tile;

pub use error::TileError;
pub use render::{enqueue_zoom, render_pyramid, spawn_renderers, Rendered};
pub use style::{Checker, Elevation, Style};
pub use tile::TileId;
