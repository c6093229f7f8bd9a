//! cachewarm: fetch the keys of a warm-up plan from an origin into a cache, in parallel.

mod cache;
mod error;
mod origin;
mod plan;
mod warmer;

pub use cache::{Cache, Entry};
pub use error::{WarmError, WarmResult};
pub use origin::{Origin, StaticOrigin};
pub use plan::{Plan, Priority};
pub use warmer::{global, WarmPool, WarmReport, Warmer};

pub mod prelude {
    //! `use cachewarm::prelude::*;` for the common items.
    pub use super::{
        global, Cache, Origin, Plan, Priority, StaticOrigin, WarmError, WarmReport, Warmer,
    };
}
