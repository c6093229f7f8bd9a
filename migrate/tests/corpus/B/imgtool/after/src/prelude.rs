//! `use imgtool::prelude::*` brings the pool types and the filters.

pub use crate::filters::*;
pub use crate::raster::Raster;
pub use workerpool::v2::Error as WpError;
pub use workerpool::v2::{Pool, Worker};
