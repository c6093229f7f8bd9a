use std::sync::Arc;

use dnscache::{lookup_many, zone, Cache, Prefetcher};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let cache = Arc::new(Cache::new());
    let prefetcher = Prefetcher::new(2, 3, Arc::clone(&cache))?;
    let all: Vec<&str> = zone::names().collect();
    let warmed = prefetcher.warm(&all)?;
    println!("prefetched {warmed} names, cache holds {}", cache.len());
    prefetcher.finish();

    for name in ["www.example.org", "WWW.EXAMPLE.ORG", "nope.example.org", "grafana.internal"] {
        println!("{}", cache.get(name)?);
    }
    let stats = cache.stats();
    println!("hits {} misses {}", stats.hits, stats.misses);

    println!("-- bulk");
    for answer in lookup_many(["mail.example.org", "loop-a.test", "api.internal"])? {
        println!("{answer}");
    }
    Ok(())
}
