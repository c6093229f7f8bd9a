use std::sync::mpsc::channel;
use workerpool::Pool;

struct Executor(Pool<String>);

impl Executor {
    fn run(&self, s: &str) {
        self.0.delegate(s.to_owned()).unwrap();
    }
}

fn main() {
    let (tx, rx) = channel();
    let pool = Pool::<String>::new(2);
    pool.add_worker(move |s: String| tx.send(s.len()).unwrap());
    let exec = Executor(pool);
    exec.run("four");
    exec.run("six");
    println!("{}", rx.iter().take(2).sum::<usize>());
}
