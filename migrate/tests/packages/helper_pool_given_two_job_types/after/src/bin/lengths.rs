use std::sync::mpsc;

use helper_pool_given_two_job_types::with_pool;
use workerpool::SharedWorker;

fn main() {
    let (tx, rx) = mpsc::channel();
    let measure = SharedWorker::new(move |word: String| tx.send((word.len(), word)).unwrap());
    let mut lengths = with_pool(&measure, 3, |pool| {
        for word in ["pool", "of", "workers"] {
            pool.delegate(word.to_string()).unwrap();
        }
        rx.iter().take(3).collect::<Vec<_>>()
    })
    .unwrap();
    lengths.sort();
    println!("{lengths:?}");
}
