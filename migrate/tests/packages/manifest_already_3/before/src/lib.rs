use workerpool::Pool;

pub fn start() -> Pool<u32> {
    let pool = Pool::<u32>::new(4);
    pool.add_worker(|n: u32| drop(n));
    pool
}
