//! A registry of named tools, each on a pool of its own; a script says which tool gets which input.

pub mod registry;
pub mod script;
pub mod tools;

pub use registry::{Registry, ToolError};
pub use script::{run_script, Input};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The registry the binary and the tests start from.
pub fn standard_registry() -> Result<Registry, ToolError> {
    let mut reg = Registry::new();
    reg.register("upper", 2, tools::text::upper)?;
    reg.register("reverse", 1, tools::text::reverse)?;
    reg.register("fib", 2, tools::numbers::fib)?;
    reg.register("factors", 1, tools::numbers::factors)?;
    reg.register("crc", 1, tools::bytes::crc)?;
    Ok(reg)
}
