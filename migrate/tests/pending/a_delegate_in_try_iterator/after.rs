use std::sync::mpsc::channel;
use workerpool::Pool;

fn main() -> Result<(), workerpool::Error> {
    let (tx, rx) = channel();
    let pool = Pool::<u64>::new(8);
    pool.add_worker(move |n: u64| tx.send(n * n).unwrap());
    (1..=4u64).try_for_each(|n| pool.delegate(n))?;
    let sent = ["a", "bb"]
        .iter()
        .map(|s| pool.delegate(s.len() as u64))
        .collect::<Result<Vec<()>, _>>()?;
    println!("{}", rx.iter().take(4 + sent.len()).sum::<u64>());
    Ok(())
}
