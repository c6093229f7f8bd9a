use std::sync::mpsc::Sender;
use workerpool::SharedWorker;

/// A word to measure, and where its length goes.
pub type Job = (String, Sender<(String, usize)>);

pub fn measure() -> impl Fn(Job) + Send + Sync + 'static {
    |(word, out): Job| out.send((word.clone(), word.len())).unwrap()
}

pub fn worker() -> SharedWorker<Job> {
    SharedWorker::new(measure())
}
