//! A warmer over a closure origin, sharing one cache between two warm-ups.

use std::sync::Arc;

use cachewarm::{Cache, Plan, Priority, Warmer};

fn main() -> cachewarm::WarmResult<()> {
    let cache = Arc::new(Cache::new());
    let origin = |key: &str| (key.len() % 3 != 0).then(|| vec![b'x'; key.len() * 10]);
    let warmer = Warmer::new(origin, Arc::clone(&cache));
    warmer.scale_to(3)?;

    let mut plan = Plan::default();
    for i in 0..30 {
        plan.push(
            if i < 5 { Priority::High } else { Priority::Low },
            &format!("/item/{i}"),
        );
    }
    let r = warmer.warm(&plan)?;
    println!(
        "fetched {} ({} bytes), missing {}",
        r.fetched,
        r.bytes,
        r.missing.len()
    );
    let again = warmer.warm(&plan)?;
    println!(
        "again: fetched {}, cached {}",
        again.fetched, again.already_cached
    );
    println!("cache holds {} entries", cache.len());
    Ok(())
}
