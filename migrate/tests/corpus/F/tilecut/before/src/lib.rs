//! tilecut: cuts a map extent into tiles and renders checksums on a shared pool.
mod tile;
mod render;
mod dispatch;

pub mod prelude {
    pub use crate::dispatch::{render_all, Dispatch};
    pub use crate::render::{renderer_pool, RenderJob, Rendered};
    pub use crate::tile::{tiles_for, Tile};
}
pub use prelude::*;

pub type AnyError = Box<dyn std::error::Error + Send + Sync>;
