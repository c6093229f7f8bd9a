//! Planning many routes on anything that takes queries.

use std::fmt;
use std::sync::mpsc::{self, Sender};

use workerpool::Pool;

use crate::graph::Route;

pub type Reply = Sender<Result<Route, PlanError>>;

/// One route to plan, and where the answer goes.
pub struct Query {
    pub from: usize,
    pub to: usize,
    pub reply: Reply,
}

#[derive(Debug)]
pub enum PlanError {
    Pool(workerpool::Error),
    NoRoute {
        from: usize,
        to: usize,
    },
    /// A planner dropped a query without answering.
    Unanswered,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Pool(e) => write!(f, "planner pool: {e}"),
            PlanError::NoRoute { from, to } => write!(f, "no route from {from} to {to}"),
            PlanError::Unanswered => f.write_str("a query went unanswered"),
        }
    }
}

impl std::error::Error for PlanError {}

impl From<workerpool::Error> for PlanError {
    fn from(e: workerpool::Error) -> Self {
        PlanError::Pool(e)
    }
}

pub trait Planner {
    fn submit(&self, query: Query) -> Result<(), PlanError>;
    fn lanes(&self) -> usize;
}

impl Planner for Pool {
    fn submit(&self, query: Query) -> Result<(), PlanError> {
        Ok(self.delegate(query)?)
    }

    fn lanes(&self) -> usize {
        self.workers_num()
    }
}

/// Plans every pair; answers come back in the order of `pairs`.
pub fn plan_many<P: Planner + ?Sized>(
    planner: &P,
    pairs: &[(usize, usize)],
) -> Result<Vec<Result<Route, PlanError>>, PlanError> {
    let mut waiting = Vec::with_capacity(pairs.len());
    for &(from, to) in pairs {
        let (reply, answer) = mpsc::channel();
        planner.submit(Query { from, to, reply })?;
        waiting.push(answer);
    }
    Ok(waiting
        .into_iter()
        .map(|answer| answer.recv().unwrap_or(Err(PlanError::Unanswered)))
        .collect())
}
