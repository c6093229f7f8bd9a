use std::sync::mpsc::{channel, Receiver};
use workerpool::Pool;

struct Calculator {
    pool: Pool<i64>,
    results: Receiver<i64>,
}

impl Calculator {
    fn start() -> Result<Self, workerpool::Error> {
        let pool = Pool::<i64>::new(4);
        let (tx, results) = channel();
        let worker = move |n: i64| tx.send(n * n).unwrap();
        pool.add_worker(worker);
        Ok(Calculator { pool, results })
    }

    fn square(&self, n: i64) -> Result<i64, workerpool::Error> {
        self.pool.delegate(n)?;
        Ok(self.results.recv().unwrap())
    }
}

fn main() {
    let calc = Calculator::start().expect("start");
    println!("{} {}", calc.square(3).unwrap(), calc.square(-4).unwrap());
}
