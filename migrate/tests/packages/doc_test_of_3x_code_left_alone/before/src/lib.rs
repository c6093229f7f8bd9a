//! A library already on workerpool 3, whose doc test shows 3.x code.

/// Makes a pool of one worker:
///
/// ```
/// let pool = workerpool::Pool::<u8>::new(1);
/// pool.add_worker(|n: u8| drop(n));
/// ```
pub fn f() {}
