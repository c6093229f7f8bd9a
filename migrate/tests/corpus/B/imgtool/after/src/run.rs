//! Running filters over many rasters on pools.

use std::any::Any;
use std::sync::mpsc::{channel, Sender};

use crate::prelude::*;

/// Delegates each job to `pool`; returns how many were queued.
pub fn submit_each<J: Any + Send>(pool: &Pool<J>, jobs: impl IntoIterator<Item = J>) -> Result<usize, WpError> {
    let mut n = 0;
    for job in jobs {
        pool.delegate(job)?;
        n += 1;
    }
    Ok(n)
}

/// Applies `filter` to every raster on `threads` workers; results in input order.
pub fn apply_all(rasters: Vec<Raster>, filter: Filter, threads: usize) -> Result<Vec<Raster>, WpError> {
    let pool = Pool::<(usize, Raster, Sender<(usize, Raster)>)>::new(threads);
    let (tx, rx) = channel::<(usize, Raster)>();
    let worker = std::sync::Arc::new(move |(i, raster, out): (usize, Raster, Sender<(usize, Raster)>)| {
        out.send((i, apply(filter, &raster))).unwrap();
    });
    for _ in 0..threads {
        pool.add_worker({ let worker = std::sync::Arc::clone(&worker); move |job| worker(job) });
    }
    let jobs = rasters.into_iter().enumerate().map(|(i, r)| (i, r, tx.clone()));
    let n = submit_each(&pool, jobs)?;
    let mut out: Vec<(usize, Raster)> = rx.iter().take(n).collect();
    out.sort_by_key(|(i, _)| *i);
    Ok(out.into_iter().map(|(_, r)| r).collect())
}

/// Histograms of every raster, summed.
pub fn histogram_all(rasters: &[Raster], buckets: usize) -> Result<Vec<usize>, WpError> {
    let pool = Pool::<Raster>::new(8);
    let (tx, rx) = channel();
    let worker = move |r: Raster| tx.send(histogram(&r, buckets)).unwrap();
    pool.add_worker(worker.clone());
    pool.add_worker(worker.clone());
    let n = submit_each(&pool, rasters.iter().cloned())?;
    let mut total = vec![0; buckets];
    for h in rx.iter().take(n) {
        for (t, v) in total.iter_mut().zip(h) {
            *t += v;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_all_keeps_order() {
        let rs: Vec<Raster> = (0..6).map(|s| Raster::gradient(8, 8, s)).collect();
        let out = apply_all(rs.clone(), Filter::Invert, 3).unwrap();
        for (a, b) in rs.iter().zip(&out) {
            assert_eq!(apply(Filter::Invert, a), *b);
        }
    }

    #[test]
    fn histograms_add_up() {
        let rs: Vec<Raster> = (0..5).map(|s| Raster::gradient(10, 10, s)).collect();
        assert_eq!(histogram_all(&rs, 8).unwrap().iter().sum::<usize>(), 500);
    }
}
