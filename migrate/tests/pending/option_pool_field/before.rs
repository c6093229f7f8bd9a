use std::sync::mpsc;
use workerpool::{Pool, Worker};

struct Uploader {
    pool: Option<Pool>,
    done: mpsc::Receiver<String>,
}

impl Uploader {
    fn start(threads: usize) -> Uploader {
        let (tx, done) = mpsc::channel();
        let pool = Pool::new(8);
        for _ in 0..threads {
            let tx = tx.clone();
            let w = Worker::new(move |name: String| {
                tx.send(format!("uploaded {}", name)).unwrap();
            });
            pool.add_worker(&w).unwrap();
        }
        Uploader { pool: Some(pool), done }
    }

    fn upload(&self, name: &str) {
        if let Some(pool) = &self.pool {
            pool.delegate(name.to_string()).unwrap();
        }
    }

    fn shutdown(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
    }
}

fn main() {
    let mut up = Uploader::start(2);
    for name in ["a.txt", "b.txt", "c.txt"] {
        up.upload(name);
    }
    let mut lines: Vec<String> = up.done.iter().take(3).collect();
    lines.sort();
    up.shutdown();
    println!("{}", lines.join(", "));
}
