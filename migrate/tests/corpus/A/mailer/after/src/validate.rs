//! Address checks, run on a pool before any mail goes out.

use std::sync::{mpsc, Mutex};

use workerpool::v2::{Pool, Worker};

pub fn looks_valid(addr: &str) -> bool {
    match addr.split_once('@') {
        Some((user, domain)) => {
            !user.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.')
        }
        None => false,
    }
}

/// Checks `addrs` on `threads` validator workers of `pool`, then takes them off again.
/// Returns the addresses that failed, sorted.
pub fn invalid_addresses(pool: &Pool, addrs: &[String], threads: usize) -> Result<Vec<String>, workerpool::v2::Error> {
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let validator = Worker::new(move |addr: String| {
        let ok = looks_valid(&addr);
        tx.lock().unwrap().send((addr, ok)).unwrap();
    });
    for _ in 0..threads {
        pool.add_worker(&validator)?;
    }
    for a in addrs {
        pool.delegate(a.clone())?;
    }
    let mut bad: Vec<String> = rx.iter().take(addrs.len()).filter(|(_, ok)| !ok).map(|(a, _)| a).collect();
    for _ in 0..threads {
        pool.remove_worker(&validator)?;
    }
    bad.sort();
    Ok(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_rules() {
        assert!(looks_valid("a@b.io"));
        assert!(!looks_valid("a@b"));
        assert!(!looks_valid("@b.io"));
        assert!(!looks_valid("a@b.io."));
    }
}
