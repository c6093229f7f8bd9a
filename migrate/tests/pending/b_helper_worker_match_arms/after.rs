//! A helper returns a different Worker from each arm of a `match`.
use std::sync::mpsc::{channel, Sender};
use workerpool::Pool;

#[derive(Clone, Copy, Debug)]
enum Kind {
    Negate,
    Square,
}

fn worker_for(kind: Kind, out: Sender<i64>) -> Box<dyn FnMut(i64) + Send + 'static> {
    match kind {
        Kind::Negate => Box::new(move |n: i64| out.send(-n).unwrap()),
        Kind::Square => Box::new(move |n: i64| {
            out.send(n * n).unwrap();
        }),
    }
}

fn run(kind: Kind) -> Vec<i64> {
    let (tx, rx) = channel();
    let pool = Pool::<i64>::new(2);
    pool.add_worker(worker_for(kind, tx));
    for n in [3i64, -2, 5] {
        pool.delegate(n).unwrap();
    }
    let mut v: Vec<i64> = rx.iter().take(3).collect();
    v.sort();
    v
}

fn main() {
    for kind in [Kind::Negate, Kind::Square] {
        println!("{:?}: {:?}", kind, run(kind));
    }
}
