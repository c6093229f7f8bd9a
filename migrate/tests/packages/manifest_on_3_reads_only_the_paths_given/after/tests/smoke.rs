use workerpool::Pool;

fn main() {
    let pool = Pool::<u16>::new(1);
    pool.add_worker(|n: u16| drop(n));
    pool.delegate(1u16).unwrap();
}
