use std::fmt;
use std::sync::mpsc::channel;
use workerpool::{Pool, Worker};

#[derive(Debug)]
enum AppError {
    Pool(workerpool::Error),
    Empty,
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Pool(e) => write!(f, "pool: {}", e),
            AppError::Empty => write!(f, "no input"),
        }
    }
}

impl From<workerpool::Error> for AppError {
    fn from(e: workerpool::Error) -> Self {
        AppError::Pool(e)
    }
}

fn total(pool: &Pool, data: &[u32]) -> Result<u32, AppError> {
    if data.is_empty() {
        return Err(AppError::Empty);
    }
    let (tx, rx) = channel::<u32>();
    for &n in data {
        pool.delegate((n, tx.clone()))?;
    }
    Ok(rx.iter().take(data.len()).sum())
}

fn main() -> Result<(), AppError> {
    let pool = Pool::new(4);
    let w = Worker::new(|(n, out): (u32, std::sync::mpsc::Sender<u32>)| out.send(n * 2).unwrap());
    pool.add_worker(&w)?;
    println!("total {}", total(&pool, &[1, 2, 3])?);
    if let Err(e) = total(&pool, &[]) {
        println!("error: {}", e);
    }
    Ok(())
}
