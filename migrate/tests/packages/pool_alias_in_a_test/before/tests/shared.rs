use std::sync::Arc;

use pool_alias_in_a_test::{Hub, SharedPool};
use workerpool::Pool;

#[test]
fn two_hubs_share_a_pool() {
    let pool: SharedPool = Arc::new(Pool::new(4));
    let a = Hub::new(Arc::clone(&pool));
    let b = Hub::new(Arc::clone(&pool));
    assert_eq!(a.workers() + b.workers(), 0);
    assert_eq!(start_workers(), 1);
}

fn start_workers() -> usize {
    pool_alias_in_a_test::start().workers()
}
