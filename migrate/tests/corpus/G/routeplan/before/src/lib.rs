//! Shortest routes on a road graph, planned on a shared pool of planner threads.

pub mod graph;
pub mod planner;
pub mod service;

pub use graph::{Graph, Route};
pub use planner::{plan_many, PlanError, Planner, Query};
pub use service::{init_service, service, Service};
