use std::sync::mpsc;

use workerpool::Pool;

#[test]
fn every_order_reaches_the_clerk() {
    let pool = Pool::new(4);
    let (done, taken) = mpsc::channel();
    pool.add_worker(&shop::clerk(done)).unwrap();
    shop::feed(&pool, &[1, 2]);
    let mut ids: Vec<u32> = taken.iter().take(2).collect();
    ids.sort();
    assert_eq!(ids, [1, 2]);
}
