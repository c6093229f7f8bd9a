use workerpool::Pool;

fn check(pool: &Pool) -> usize {
    pool.workers_num()
}

#[test]
fn has_one_worker() {
    let (tx, _rx) = std::sync::mpsc::channel();
    assert_eq!(check(&pkg::make_pool(tx)), 1);
}
