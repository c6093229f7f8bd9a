mod shards;
mod words;

use std::sync::mpsc::channel;

fn main() -> Result<(), workerpool::Error> {
    let shards = shards::Shards::new(3, 2, words::worker())?;
    println!("workers {:?}", shards.workers());
    shards.shrink()?;
    println!("after shrink {:?}", shards.workers());
    let (tx, rx) = channel();
    let words = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff"];
    for w in words {
        shards.for_key(w).delegate((w.to_string(), tx.clone()))?;
    }
    drop(tx);
    let mut lengths: Vec<(String, usize)> = rx.iter().take(words.len()).collect();
    lengths.sort();
    println!("{lengths:?}");
    Ok(())
}
