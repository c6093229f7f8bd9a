use workerpool::Pool;

fn check(pool: &Pool<u32>) -> usize {
    pool.workers()
}

#[test]
fn has_one_worker() {
    let (tx, _rx) = std::sync::mpsc::channel();
    assert_eq!(check(&pkg::make_pool(tx)), 1);
}
