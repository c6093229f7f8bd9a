use std::sync::Arc;

use buildcache::{hasher, Cache, MemStore, Outcome, Result, Store};

fn compile(inputs: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"OBJ:".to_vec();
    for (name, src) in inputs {
        out.extend(name.bytes());
        out.extend(src.iter().map(u8::to_ascii_uppercase));
    }
    out
}

fn target(files: &[(&str, &str)]) -> Vec<(String, Vec<u8>)> {
    files.iter().map(|(n, s)| (n.to_string(), s.as_bytes().to_vec())).collect()
}

fn main() -> Result<()> {
    let remote = Arc::new(MemStore::default());
    let cache: Cache<MemStore, MemStore> = Cache::with_remote(MemStore::default(), Arc::clone(&remote), 2)?;
    println!("hashers: {}, uploaders: {}", hasher::threads(), cache.stats().uploaders);

    let targets = [
        ("core", target(&[("lib.rs", "pub fn a() {}"), ("util.rs", "fn b() {}")])),
        ("cli", target(&[("main.rs", "fn main() {}")])),
        ("core-again", target(&[("util.rs", "fn b() {}"), ("lib.rs", "pub fn a() {}")])),
    ];
    for round in 1..=2 {
        for (name, inputs) in &targets {
            let (outcome, artifact) = cache.get_or_build(inputs, compile)?;
            let verb = match outcome {
                Outcome::Hit(_) => "hit  ",
                Outcome::Built(_) => "built",
            };
            let (Outcome::Hit(key) | Outcome::Built(key)) = outcome;
            println!("round {round}: {verb} {name:<10} {key} ({} bytes)", artifact.len());
        }
        for key in cache.sync() {
            println!("round {round}: uploaded {key}");
        }
    }
    let s = cache.stats();
    println!("hits={} misses={} uploads={} remote={}", s.hits, s.misses, s.uploads, remote.len());
    Ok(())
}
