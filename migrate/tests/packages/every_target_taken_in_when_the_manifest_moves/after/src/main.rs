use workerpool::Pool;

fn main() {
    let pool = Pool::<u8>::new(1);
    pool.add_worker(|n: u8| drop(n));
    pool.delegate(1u8).unwrap();
}
