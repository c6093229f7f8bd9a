use std::sync::mpsc;
use workerpool::{Pool, Worker};

fn send(pool: &Pool, s: &'static str) -> Result<(), String> {
    pool.delegate(s).map_err(|e| format!("delegate failed: {}", e))
}

fn main() -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::new(4);
    let w = Worker::new(move |s: &'static str| tx.send(s.repeat(2)).unwrap());
    pool.add_worker(&w).unwrap();
    send(&pool, "ab")?;
    pool.delegate("cd").map_err(|e| e.to_string())?;
    let mut out: Vec<String> = rx.iter().take(2).collect();
    out.sort();
    println!("{}", out.join(" "));
    pool.stop();
    Ok(())
}
