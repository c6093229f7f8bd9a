//! The application's error enum wraps the pool's error and only formats it.
use std::fmt;
use std::sync::mpsc::channel;
use workerpool::Pool;

#[derive(Debug)]
enum AppError {
    Pool(workerpool::Error),
    BadInput(String),
}

impl From<workerpool::Error> for AppError {
    fn from(e: workerpool::Error) -> Self {
        AppError::Pool(e)
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Pool(e) => write!(f, "pool: {e}"),
            AppError::BadInput(s) => write!(f, "bad input {s:?}"),
        }
    }
}

fn parse_and_send(pool: &Pool<i64>, raw: &str) -> Result<(), AppError> {
    let n: i64 = raw.trim().parse().map_err(|_| AppError::BadInput(raw.to_string()))?;
    pool.delegate(n).map_err(workerpool::Error::from)?;
    Ok(())
}

fn main() {
    let (tx, rx) = channel::<i64>();
    let pool = Pool::<i64>::new(4);
    pool.add_worker(move |n: i64| tx.send(n.abs()).unwrap());

    let mut ok = 0;
    for raw in ["3", " -4", "x", "10"] {
        match parse_and_send(&pool, raw) {
            Ok(()) => ok += 1,
            Err(e) => println!("skipped: {e}"),
        }
    }
    let sum: i64 = rx.iter().take(ok).sum();
    println!("sum of abs: {sum}");
}
