//! The tools themselves: plain functions from one input to a line of output.

pub mod bytes;
pub mod numbers;
pub mod text;
