//! The process-wide planning service.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use workerpool::{Pool, SharedWorker};

use crate::graph::Graph;
use crate::planner::{PlanError, Query};

pub struct Service {
    pool: Arc<Pool<Query>>,
    planner: SharedWorker<Query>,
    graph: Arc<Graph>,
    served: Arc<AtomicUsize>,
}

static SERVICE: OnceLock<Service> = OnceLock::new();

/// Starts the service on first call with `lanes` planner threads; later calls return it as it is.
pub fn init_service(graph: Graph, lanes: usize) -> &'static Service {
    SERVICE.get_or_init(|| {
        let graph = Arc::new(graph);
        let served = Arc::new(AtomicUsize::new(0));
        let planner = {
            let graph = Arc::clone(&graph);
            let served = Arc::clone(&served);
            SharedWorker::new(move |q: Query| {
                let answer = graph.shortest(q.from, q.to).ok_or(PlanError::NoRoute {
                    from: q.from,
                    to: q.to,
                });
                served.fetch_add(1, Ordering::Relaxed);
                let _ = q.reply.send(answer);
            })
        };
        let pool = Arc::new(Pool::<Query>::new(lanes * 2));
        for _ in 0..lanes {
            pool.add_shared_worker(&planner);
        }
        Service {
            pool,
            planner,
            graph,
            served,
        }
    })
}

pub fn service() -> Option<&'static Service> {
    SERVICE.get()
}

impl Service {
    pub fn pool(&self) -> &Arc<Pool<Query>> {
        &self.pool
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    pub fn served(&self) -> usize {
        self.served.load(Ordering::Relaxed)
    }

    /// Sets the number of planner threads.
    pub fn resize(&self, lanes: usize) -> Result<(), PlanError> {
        while self.pool.workers() > lanes {
            self.pool.remove_shared_worker(&self.planner);
        }
        while self.pool.workers() < lanes {
            self.pool.add_shared_worker(&self.planner);
        }
        Ok(())
    }
}
