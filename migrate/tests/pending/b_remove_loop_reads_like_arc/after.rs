//! Scales the pool down one worker at a time, watching `workers_num()`.
use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() {
    let (tx, rx) = channel::<u32>();
    let pool = Pool::<u32>::new(16);
    let echo = move |n: u32| tx.send(n).unwrap();
    let mut echo_handles = Vec::new();

    for _ in 0..4 {
        echo_handles.push(pool.add_worker(echo.clone()));
    }
    println!("up: {}", pool.workers());

    for n in 0..8u32 {
        pool.delegate(n).unwrap();
    }
    let got: u32 = rx.iter().take(8).sum();
    println!("got {}", got);

    while pool.workers() > 1 {
        if let Some(handle) = echo_handles.pop() {
            handle.remove();
        }
        println!("down to {}", pool.workers());
    }
    pool.delegate(100u32).unwrap();
    println!("last {}", rx.recv().unwrap());
}
