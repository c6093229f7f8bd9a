mod setup {
    use std::sync::mpsc::Sender;
    use workerpool::Pool;

    pub fn build(out: Sender<i32>) -> Pool<i32> {
        let pool = Pool::<i32>::new(5);
        let w = move |v: i32| out.send(v.abs()).unwrap();
        pool.add_worker(w);
        pool
    }
}

mod jobs {
    use workerpool::Pool;

    pub fn send(pool: &Pool<i32>, n: i32) {
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
