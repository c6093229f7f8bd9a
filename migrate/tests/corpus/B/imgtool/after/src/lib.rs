//! imgtool: apply filters to grey-scale rasters on a worker pool.

pub mod filters;
pub mod prelude;
pub mod raster;
pub mod run;

pub use run::{apply_all, histogram_all, submit_each};
