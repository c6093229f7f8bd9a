//! Renders invoices at billing desks: a pool whose workers are desks that open and close.

// The pool crate under a short name, for this crate and its users.
pub use workerpool as wp;

pub mod batch;
pub mod billing;
pub mod desk;
pub mod model;
pub mod tax;

pub use batch::{render_batch, Batch};
pub use billing::{Billing, BillingError};
pub use model::{Invoice, Line, Rendered};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;
