//! Errors for parsing tile ids and running the renderers.
use std::{error, fmt, num::ParseIntError};

#[derive(Debug)]
pub enum TileError {
    Parse(ParseIntError),
    Format(String),
    OutOfRange { z: u8, x: u32, y: u32 },
    Pool(workerpool::Error),
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TileError::Parse(e) => write!(f, "bad number: {}", e),
            TileError::Format(s) => write!(f, "expected z/x/y, got {:?}", s),
            TileError::OutOfRange { z, x, y } => write!(f, "tile {}/{}/{} is outside its zoom level", z, x, y),
            TileError::Pool(e) => write!(f, "render pool: {}", e),
        }
    }
}

impl error::Error for TileError {}

impl From<ParseIntError> for TileError {
    fn from(e: ParseIntError) -> Self {
        TileError::Parse(e)
    }
}

impl From<workerpool::Error> for TileError {
    fn from(e: workerpool::Error) -> Self {
        TileError::Pool(e)
    }
}
