//! geotiles: how many points fall in each tile, for zoom levels 2, 4 and 6.

mod tiles;

use std::collections::{BTreeMap, HashMap};
use std::sync::{mpsc, Arc, Mutex};

use tiles::{tile_of, Point, Tile};
use workerpool::{Pool, Worker};

/// A batch of points to count at one zoom level.
struct CountJob {
    zoom: u8,
    points: Arc<Vec<Point>>,
    range: std::ops::Range<usize>,
}

fn count(job: CountJob) -> HashMap<Tile, usize> {
    let mut counts = HashMap::new();
    for p in &job.points[job.range] {
        *counts.entry(tile_of(*p, job.zoom)).or_insert(0) += 1;
    }
    counts
}

/// Deterministic pseudo-random points around a few cities.
fn points(n: usize) -> Vec<Point> {
    let cities = [(52.52, 13.40), (48.85, 2.35), (40.71, -74.0), (35.68, 139.69), (-33.86, 151.2)];
    let mut state = 0x2545F4914F6CDD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..n)
        .map(|i| {
            let (lat, lon) = cities[i % cities.len()];
            Point { lat: lat + (next() - 0.5) * 4.0, lon: lon + (next() - 0.5) * 4.0 }
        })
        .collect()
}

/// One pool per zoom level, each with `threads` instances of `worker`.
fn zoom_pools(zooms: &[u8], worker: &Worker, threads: usize) -> Result<HashMap<u8, Pool>, workerpool::Error> {
    let mut pools = HashMap::new();
    for &zoom in zooms {
        let pool = Pool::new(4);
        for _ in 0..threads {
            pool.add_worker(worker)?;
        }
        pools.insert(zoom, pool);
    }
    Ok(pools)
}

fn main() -> Result<(), workerpool::Error> {
    let pts = Arc::new(points(5000));
    let (tx, rx) = mpsc::channel::<(u8, HashMap<Tile, usize>)>();
    let tx = Mutex::new(tx);

    let worker = Worker::new(move |job: CountJob| {
        let zoom = job.zoom;
        let counts = count(job);
        tx.lock().unwrap().send((zoom, counts)).unwrap();
    });
    let zooms = [2u8, 4, 6];
    let pools = zoom_pools(&zooms, &worker, 2)?;

    let batch = 700;
    let mut jobs = 0;
    for &zoom in &zooms {
        let pool = &pools[&zoom];
        let mut start = 0;
        while start < pts.len() {
            let end = (start + batch).min(pts.len());
            pool.delegate(CountJob { zoom, points: Arc::clone(&pts), range: start..end })?;
            start = end;
            jobs += 1;
        }
    }
    let workers: usize = pools.values().map(|p| p.workers_num()).sum();
    println!("{jobs} jobs on {workers} workers in {} pools", pools.len());

    let mut per_zoom: BTreeMap<u8, BTreeMap<Tile, usize>> = BTreeMap::new();
    for (zoom, counts) in rx.iter().take(jobs) {
        let merged = per_zoom.entry(zoom).or_default();
        for (tile, n) in counts {
            *merged.entry(tile).or_insert(0) += n;
        }
    }
    for pool in pools.values() {
        pool.stop();
    }

    for (zoom, tiles) in &per_zoom {
        let total: usize = tiles.values().sum();
        println!("zoom {zoom}: {} tiles, {total} points", tiles.len());
        let mut busiest: Vec<(&Tile, &usize)> = tiles.iter().collect();
        busiest.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (tile, n) in busiest.into_iter().take(3) {
            println!("  {}/{}/{}: {n}", tile.zoom, tile.x, tile.y);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_a_range_counts_each_point_once() {
        let pts = Arc::new(points(100));
        let c = count(CountJob { zoom: 3, points: pts, range: 10..60 });
        assert_eq!(c.values().sum::<usize>(), 50);
    }

    #[test]
    fn points_are_deterministic() {
        assert_eq!(points(10), points(10));
    }
}
