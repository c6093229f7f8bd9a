//! The pool is chosen in a `match` on the mode; the worker comes from a helper.
use std::sync::mpsc::{channel, Sender};
use workerpool::Pool;

enum Mode {
    Rendezvous,
    Buffered(usize),
}

fn printer(tx: Sender<String>) -> impl FnMut(u16) + Send + 'static {
    move |n: u16| tx.send(format!("#{n:03}")).unwrap()
}

fn run(mode: Mode) -> Vec<String> {
    let pool = match mode {
        Mode::Rendezvous => Pool::<u16>::new(0),
        Mode::Buffered(n) => Pool::<u16>::new(n),
    };
    let (tx, rx) = channel();
    pool.add_worker(printer(tx));
    for n in [5u16, 42, 7] {
        pool.delegate(n).unwrap();
    }
    let mut out: Vec<String> = rx.iter().take(3).collect();
    out.sort();
    out
}

fn main() {
    println!("{:?}", run(Mode::Rendezvous));
    println!("{:?}", run(Mode::Buffered(10)));
}
