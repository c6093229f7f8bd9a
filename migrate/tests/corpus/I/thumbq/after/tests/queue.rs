use std::sync::{mpsc, Arc};
use thumbq::workers::{self, Stats};
use thumbq::{enqueue, queue, Image};

// The queue is a process-wide static, so everything runs in one test.
#[test]
fn thumbnails_come_back_for_every_size() {
    let stats = Arc::new(Stats::default());
    let worker = workers::resizer(stats.clone());
    workers::start(&worker, 2).unwrap();
    assert_eq!(queue().workers(), 2);

    let (reply, done) = mpsc::channel();
    let n = enqueue(Image::pattern("t.png", 90, 60, 5), &[30, 9], &reply).unwrap()
        + enqueue(Image::pattern("u.png", 10, 40, 6), &[20], &reply).unwrap();
    let mut got: Vec<_> = done.iter().take(n).map(|t| (t.source, t.width, t.height)).collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("t.png".to_string(), 9, 6),
            ("t.png".to_string(), 30, 20),
            ("u.png".to_string(), 5, 20),
        ]
    );

    queue().remove_shared_worker(&worker);
    assert_eq!(queue().workers(), 1);
    // a clone is the same worker, so it can remove the other instance
    let other = worker.clone();
    queue().remove_shared_worker(&other);
    assert_eq!(queue().workers(), 0);
}
