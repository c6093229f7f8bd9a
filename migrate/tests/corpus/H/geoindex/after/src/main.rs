mod cells;
mod shards;

use std::sync::mpsc::channel;

fn main() -> Result<(), workerpool::v2::Error> {
    let places = [
        ("paris", 48.8566, 2.3522),
        ("sydney", -33.8688, 151.2093),
        ("lima", -12.0464, -77.0428),
        ("oslo", 59.9139, 10.7522),
        ("nairobi", -1.2921, 36.8219),
        ("reykjavik", 64.1466, -21.9426),
    ];
    let shards = shards::Shards::new(3, 2, cells::shard_worker(1))?;
    println!("workers: {}", shards.total_workers());

    let (tx, rx) = channel();
    for (round, &(name, lat, lon)) in places.iter().enumerate() {
        shards
            .for_key(name)
            .delegate((name.to_string(), lat, lon, tx.clone()))?;
        if round == 2 {
            shards.shrink()?;
        }
    }
    drop(tx);
    let mut rows: Vec<(String, String)> = rx.iter().take(places.len()).collect();
    rows.sort();
    for (key, name) in &rows {
        println!("{:<14} {}", key, name);
    }
    println!("workers after shrink: {}", shards.total_workers());
    Ok(())
}
