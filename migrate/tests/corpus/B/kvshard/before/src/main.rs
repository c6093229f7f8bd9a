use kvshard::Store;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let store = Store::open(4)?;
    println!("shards up, {} workers", store.workers());

    for i in 0..40u32 {
        store.put(&format!("user:{i:03}"), &i.pow(2).to_le_bytes())?;
    }
    for i in (0..40u32).step_by(3) {
        store.delete(&format!("user:{i:03}"))?;
    }
    store.put("config", b"v2")?;
    match store.get("user:007")? {
        Some(v) => println!("user:007 = {}", u32::from_le_bytes(v.try_into().unwrap())),
        None => println!("user:007 missing"),
    }
    println!("user:009 present: {}", store.get("user:009")?.is_some());
    // Last, a bulk load of archived users with extra workers on every shard.
    let archived = (0..24u32).map(|i| (format!("archived:{i:02}"), vec![i as u8]));
    let loaded = store.bulk_load(archived)?;
    println!("loaded {loaded}, back to {} workers", store.workers());
    let all = store.dump()?;
    println!("{} keys, {} users", all.len(), all.iter().filter(|(k, _)| k.starts_with("user:")).count());
    for (k, v) in all.iter().take(6) {
        println!("  {k} = {v:?}");
    }
    Ok(())
}
