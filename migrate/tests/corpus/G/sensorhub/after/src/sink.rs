//! Anything readings can be pushed into: a pool, or the hub that routes to pools.

use workerpool::Pool;

use crate::error::HubError;
use crate::reading::Reading;

pub trait Sink: Sync {
    fn push(&self, reading: Reading) -> Result<(), HubError>;
}

impl Sink for Pool<Reading> {
    fn push(&self, reading: Reading) -> Result<(), HubError> {
        self.delegate(reading).map_err(workerpool::Error::from).map_err(HubError::from)
    }
}

/// Pushes every reading; returns how many went in.
pub fn replay<S, I>(sink: &S, readings: I) -> Result<usize, HubError>
where
    S: Sink + ?Sized,
    I: IntoIterator<Item = Reading>,
{
    let mut n = 0;
    for reading in readings {
        sink.push(reading)?;
        n += 1;
    }
    Ok(n)
}
