use std::sync::mpsc::{self, Sender};
use workerpool::{Pool, Worker};

fn resize(path: &str) -> usize {
    path.len()
}

fn main() -> Result<(), workerpool::Error> {
    let pool = Pool::new(100);
    let (done, sizes) = mpsc::channel::<usize>();
    let worker = Worker::new(|(path, done): (String, Sender<usize>)| {
        done.send(resize(&path)).unwrap();
    });
    for _ in 0..4 {
        pool.add_worker(&worker)?;
    }
    println!("{} workers", pool.workers_num());

    for path in ["cat.png", "dog.jpg"] {
        pool.delegate((path.to_string(), done.clone()))?;
    }
    let total: usize = sizes.iter().take(2).sum();
    println!("{total}");

    pool.remove_worker(&worker)?;
    pool.stop();
    Ok(())
}
