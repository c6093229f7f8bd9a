//! A pool of the library.
use crate::TaskPool;
use std::sync::mpsc::Sender;



pub fn squares(out: Sender<u64>) -> crate::AppResult<TaskPool<u64>> {
    let pool = TaskPool::<u64>::new(4);
    pool.add_worker(move |n: u64| out.send(n * n).unwrap());
    pool.delegate(3u64).map_err(workerpool::Error::from)?;
    Ok(pool)
}
