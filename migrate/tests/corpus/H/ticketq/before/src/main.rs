use std::sync::Arc;
use ticketq::tickets::{self, AppError, Desk};

fn main() -> Result<(), AppError> {
    let desk = Desk::new(3)?;
    let shared = Arc::clone(&desk);
    let ids: Vec<u32> = (100..112).rev().collect();
    let lines = tickets::run_batch(&shared, &ids)?;
    for l in &lines {
        println!("{}", l);
    }
    println!("staff on duty: {}", desk.pool.workers_num());
    tickets::close(&desk)?;
    println!("staff after close: {}", desk.pool.workers_num());
    match desk.pool.delegate(0u32) {
        Err(e) => println!("after close: {}", AppError::from(e)),
        Ok(()) => println!("after close: accepted"),
    }
    Ok(())
}
