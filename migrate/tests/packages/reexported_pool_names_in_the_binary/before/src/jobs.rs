//! A pool of the library.
use crate::{TaskPool, TaskWorker};
use std::sync::mpsc::Sender;



pub fn squares(out: Sender<u64>) -> crate::AppResult<TaskPool> {
    let pool = TaskPool::new(4);
    pool.add_worker(&TaskWorker::new(move |n: u64| out.send(n * n).unwrap()))?;
    pool.delegate(3u64)?;
    Ok(pool)
}
