use std::sync::Mutex;

use routeplan::{init_service, plan_many, Graph, PlanError, Planner, Query};

/// Plans on the calling thread, and remembers what it was asked.
struct Inline {
    graph: Graph,
    asked: Mutex<Vec<(usize, usize)>>,
}

impl Planner for Inline {
    fn submit(&self, Query { from, to, reply }: Query) -> Result<(), PlanError> {
        self.asked.lock().unwrap().push((from, to));
        let _ = reply.send(
            self.graph
                .shortest(from, to)
                .ok_or(PlanError::NoRoute { from, to }),
        );
        Ok(())
    }

    fn lanes(&self) -> usize {
        1
    }
}

#[test]
fn the_pool_agrees_with_the_inline_planner() {
    let pairs = [(0, 5), (3, 1), (6, 0)];
    let inline = Inline {
        graph: Graph::demo(),
        asked: Mutex::new(Vec::new()),
    };
    let expected: Vec<_> = plan_many(&inline, &pairs)
        .unwrap()
        .into_iter()
        .map(|r| r.ok())
        .collect();
    assert_eq!(inline.asked.lock().unwrap().len(), 3);

    let svc = init_service(Graph::demo(), 2);
    let got: Vec<_> = plan_many(svc.pool().as_ref(), &pairs)
        .unwrap()
        .into_iter()
        .map(|r| r.ok())
        .collect();
    assert_eq!(got, expected);
    assert!(got[2].is_none());
}

#[test]
fn resize_changes_the_lanes() {
    let svc = init_service(Graph::demo(), 2);
    svc.resize(4).unwrap();
    assert!(svc.pool().lanes() >= 1);
    let dyn_planner: &dyn Planner = &**svc.pool();
    assert_eq!(
        plan_many(dyn_planner, &[(0, 2)]).unwrap()[0]
            .as_ref()
            .unwrap()
            .cost,
        2
    );
}
