use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

struct Executor(Pool);

impl Executor {
    fn run(&self, s: &str) {
        self.0.delegate(s.to_owned()).unwrap();
    }
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::new(2);
    pool.add_worker(&Worker::new(move |s: String| tx.send(s.len()).unwrap())).unwrap();
    let exec = Executor(pool);
    exec.run("four");
    exec.run("six");
    println!("{}", rx.iter().take(2).sum::<usize>());
}
