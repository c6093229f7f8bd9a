use std::sync::mpsc;
use workerpool::Pool;

#[derive(Debug)]
struct Order {
    id: u32,
}

fn main() {
    let (tx, rx) = mpsc::channel::<u32>();
    let pool = Pool::<Order>::new(2);
    let worker = move |order: Order| tx.send(order.id * 10).unwrap();
    pool.add_worker(worker);

    let mut sent = 0;
    for id in 0..3 {
        match pool.delegate(Order { id }) {
            Ok(()) => sent += 1,
            Err(e) => eprintln!("could not queue order {}: {}", id, e),
        }
    }
    if let Err(e) = pool.delegate(Order { id: 7 }) {
        eprintln!("dropped: {:?}", e);
    } else {
        sent += 1;
    }
    let mut back: Vec<u32> = rx.iter().take(sent).collect();
    back.sort();
    println!("{:?}", back);
    pool.stop();
}
