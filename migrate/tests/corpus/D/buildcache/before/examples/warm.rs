//! Warms a local cache from a list of generated targets and prints the hit rate of a rerun.
use buildcache::{Cache, MemStore, Outcome};

fn main() -> buildcache::Result<()> {
    let cache: Cache<MemStore, MemStore> = Cache::local(MemStore::default())?;
    let targets: Vec<Vec<(String, Vec<u8>)>> =
        (0..12).map(|i| vec![(format!("t{i}.rs"), format!("fn t{i}() {{}}").into_bytes())]).collect();
    for t in &targets {
        cache.get_or_build(t, |i| i[0].1.clone())?;
    }
    let hits = targets
        .iter()
        .map(|t| cache.get_or_build(t, |_| Vec::new()).map(|(o, _)| matches!(o, Outcome::Hit(_))))
        .collect::<Result<Vec<bool>, _>>()?;
    println!("{}/{} hits on rerun", hits.iter().filter(|h| **h).count(), hits.len());
    Ok(())
}
