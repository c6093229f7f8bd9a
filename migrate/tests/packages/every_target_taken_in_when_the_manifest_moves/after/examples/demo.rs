use workerpool::Pool;

fn main() {
    let pool = Pool::<u32>::new(1);
    pool.add_worker(|n: u32| drop(n));
    pool.delegate(1u32).unwrap();
}
