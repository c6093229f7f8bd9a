use std::sync::mpsc::channel;
use taskbin::{jobs, AppError, AppResult, TaskPool};

fn words() -> AppResult<Vec<u64>> {
    let (tx, rx) = channel();
    let words = TaskPool::<String>::new(2);
    let worker = move |w: String| tx.send(w.len() as u64).unwrap();
    words.add_worker(worker);
    words.delegate(String::from("four")).map_err(workerpool::Error::from)?;
    let got = vec![rx.recv().unwrap()];
    words.stop();
    Ok(got)
}

fn main() -> Result<(), AppError> {
    let (tx, rx) = channel();
    let squares = jobs::squares(tx)?;
    let mut got = vec![rx.recv().unwrap()];
    got.extend(words()?);
    got.sort();
    println!("{got:?}");
    squares.stop();
    Ok(())
}
