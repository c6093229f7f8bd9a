use std::sync::mpsc::Sender;

/// A word to measure, and where its length goes.
pub type Job = (String, Sender<(String, usize)>);

pub fn measure() -> impl Fn(Job) + Send + Sync + 'static {
    |(word, out): Job| out.send((word.clone(), word.len())).unwrap()
}

pub fn worker() -> (std::sync::Arc<dyn Fn((String, Sender<(String, usize)>)) + Send + Sync>, std::sync::Arc<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>) {
    (std::sync::Arc::new(measure()) as std::sync::Arc<dyn Fn(_) + Send + Sync>, std::sync::Arc::<std::sync::Mutex<Vec<workerpool::WorkerHandle>>>::default())
}
