use std::error::Error;
use std::sync::mpsc::{channel, Sender};
use workerpool::{Pool, Worker};

type Res<T> = Result<T, Box<dyn Error>>;

fn make_pool(out: Sender<String>) -> Res<Pool> {
    let pool = Pool::new(4);
    let w = Worker::new(move |line: String| out.send(line.trim().to_owned()).unwrap());
    pool.add_worker(&w)?;
    Ok(pool)
}

fn main() -> Res<()> {
    let (tx, rx) = channel();
    let pool = make_pool(tx)?;
    for line in "  one \n two\n   three  ".lines() {
        pool.delegate(line.to_string())?;
    }
    let mut lines: Vec<String> = rx.iter().take(3).collect();
    lines.sort();
    println!("{}", lines.join(","));
    Ok(())
}
