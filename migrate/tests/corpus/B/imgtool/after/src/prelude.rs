//! `use imgtool::prelude::*` brings the pool types and the filters.

pub use crate::filters::*;
pub use crate::raster::Raster;
pub use workerpool::Error as WpError;
pub use workerpool::Pool;
