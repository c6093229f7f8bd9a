//! Plans on a pool without a queue: each submit waits until a planner takes the query.

use std::sync::Arc;
use std::thread;

use routeplan::{plan_many, Graph, Query};
use workerpool::Pool;

fn main() {
    let graph = Arc::new(Graph::demo());
    let pool = Arc::new(Pool::<Query>::new(0));
    let planner = {
        let graph = graph.clone();
        move |q: Query| {
            let _ = q.reply.send(graph.shortest(q.from, q.to).ok_or(
                routeplan::PlanError::NoRoute {
                    from: q.from,
                    to: q.to,
                },
            ));
        }
    };
    let mut planner_handles = Vec::new();
    planner_handles.push(pool.add_worker(planner.clone()));
    planner_handles.push(pool.add_worker(planner.clone()));

    let clients: Vec<_> = (0..3)
        .map(|from| {
            let pool = Arc::clone(&pool);
            thread::spawn(move || plan_many(&*pool, &[(from, 5)]).unwrap())
        })
        .collect();
    for client in clients {
        for route in client.join().unwrap() {
            let route = route.unwrap();
            println!(
                "{} -> {}: {}",
                graph.name(route.from),
                graph.name(route.to),
                route.cost
            );
        }
    }
    if let Some(handle) = planner_handles.pop() {
        handle.remove();
    }
    if let Some(handle) = planner_handles.pop() {
        handle.remove();
    }
    assert_eq!(pool.workers(), 0);
}
