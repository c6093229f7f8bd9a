use routeplan::{init_service, plan_many, service, Graph, PlanError, Planner};

fn main() -> Result<(), PlanError> {
    let svc = init_service(Graph::demo(), 3);
    let pool = svc.pool();
    println!("planners: {}", pool.lanes());

    let pairs = [(0, 5), (1, 4), (2, 3), (5, 0), (0, 6), (4, 4)];
    for (route, &(from, to)) in plan_many(&**pool, &pairs)?.into_iter().zip(&pairs) {
        let g = svc.graph();
        match route {
            Ok(r) => {
                let names: Vec<&str> = r.stops.iter().map(|&n| g.name(n)).collect();
                println!(
                    "{:>8} -> {:<8} {:>3}  {}",
                    g.name(from),
                    g.name(to),
                    r.cost,
                    names.join(" > ")
                );
            }
            Err(e) => println!("{:>8} -> {:<8} {e}", g.name(from), g.name(to)),
        }
    }

    service().expect("started above").resize(1)?;
    println!("planners: {}", pool.lanes());
    let again = plan_many(pool.as_ref(), &[(6, 6)])?;
    println!("island to itself: {:?}", again[0].as_ref().map(|r| r.cost));
    println!("served: {}", svc.served());
    Ok(())
}
