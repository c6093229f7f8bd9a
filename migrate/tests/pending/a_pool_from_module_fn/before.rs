mod setup {
    use std::sync::mpsc::Sender;
    use workerpool::{Pool, Worker};

    pub fn build(out: Sender<i32>) -> Pool {
        let pool = Pool::new(5);
        let w = Worker::new(move |v: i32| out.send(v.abs()).unwrap());
        pool.add_worker(&w).unwrap();
        pool
    }
}

mod jobs {
    use workerpool::Pool;

    pub fn send(pool: &Pool, n: i32) {
        pool.delegate(n).unwrap();
    }
}

fn main() {
    let (tx, rx) = std::sync::mpsc::channel();
    let pool = setup::build(tx);
    jobs::send(&pool, -3);
    jobs::send(&pool, 4);
    println!("total {}", rx.iter().take(2).sum::<i32>());
}
