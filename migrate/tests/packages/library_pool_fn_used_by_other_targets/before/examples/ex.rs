use std::sync::mpsc::channel;

fn run(pool: &workerpool::Pool) {
    pool.delegate(9u32).unwrap();
}

fn main() {
    let (tx, rx) = channel();
    let pool = pkg::make_pool(tx);
    run(&pool);
    println!("{}", rx.recv().unwrap());
}
