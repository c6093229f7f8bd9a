//! statsagg: aggregates numeric samples and string labels on background pools.

use std::any::Any;
use std::collections::{BTreeMap, HashMap};
use std::sync::{mpsc, Arc, Mutex};

use workerpool::{Error, Pool, Worker};

pub mod summary {
    /// Statistics of a series from its sums, so that the order samples arrive in does not
    /// matter (for values exact in binary, such as quarters).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Summary {
        pub count: u64,
        sum: f64,
        sum_sq: f64,
        pub min: f64,
        pub max: f64,
    }

    impl Summary {
        pub fn add(&mut self, x: f64) {
            if self.count == 0 {
                self.min = x;
                self.max = x;
            }
            self.count += 1;
            self.sum += x;
            self.sum_sq += x * x;
            self.min = self.min.min(x);
            self.max = self.max.max(x);
        }

        pub fn mean(&self) -> f64 {
            if self.count == 0 { 0.0 } else { self.sum / self.count as f64 }
        }

        pub fn variance(&self) -> f64 {
            if self.count < 2 {
                return 0.0;
            }
            let n = self.count as f64;
            (self.sum_sq - self.sum * self.sum / n) / (n - 1.0)
        }
    }
}

use summary::Summary;

/// Sends the same job several times.
pub trait Fanout {
    fn fan_out<J: Any + Send + Clone>(&self, job: J, times: usize) -> Result<(), Error>;
}

impl Fanout for Pool {
    fn fan_out<J: Any + Send + Clone>(&self, job: J, times: usize) -> Result<(), Error> {
        for _ in 0..times {
            self.delegate(job.clone())?;
        }
        Ok(())
    }
}

/// What the aggregator's workers have seen.
#[derive(Default)]
pub struct Totals {
    pub series: BTreeMap<String, Summary>,
    pub labels: BTreeMap<String, u64>,
}

pub struct Aggregator {
    pools: HashMap<&'static str, Pool>,
    totals: Arc<Mutex<Totals>>,
    done: mpsc::Receiver<()>,
    sent: usize,
}

/// The two pools: "samples" takes `(series, value)`, "labels" takes label strings.
pub fn make_pools(totals: &Arc<Mutex<Totals>>, done: mpsc::Sender<()>) -> Result<HashMap<&'static str, Pool>, Error> {
    let mut pools = HashMap::new();

    let samples = Pool::new(64);
    let t = Arc::clone(totals);
    let d = Mutex::new(done.clone());
    let sample_worker = Worker::new(move |(series, x): (String, f64)| {
        t.lock().unwrap().series.entry(series).or_default().add(x);
        d.lock().unwrap().send(()).unwrap();
    });
    samples.add_worker(&sample_worker)?;
    samples.add_worker(&sample_worker)?;
    pools.insert("samples", samples);

    let labels = Pool::new(64);
    let t = Arc::clone(totals);
    let d = Mutex::new(done);
    labels.add_worker(&Worker::new(move |label: String| {
        *t.lock().unwrap().labels.entry(label).or_insert(0) += 1;
        d.lock().unwrap().send(()).unwrap();
    }))?;
    pools.insert("labels", labels);
    Ok(pools)
}

impl Aggregator {
    pub fn new() -> Result<Aggregator, Error> {
        let totals = Arc::new(Mutex::new(Totals::default()));
        let (tx, rx) = mpsc::channel();
        let pools = make_pools(&totals, tx)?;
        Ok(Aggregator { pools, totals, done: rx, sent: 0 })
    }

    pub fn sample(&mut self, series: &str, x: f64) -> Result<(), Error> {
        self.pools["samples"].delegate((series.to_string(), x))?;
        self.sent += 1;
        Ok(())
    }

    pub fn label(&mut self, label: &str, times: usize) -> Result<(), Error> {
        self.pools["labels"].fan_out(label.to_string(), times)?;
        self.sent += times;
        Ok(())
    }

    pub fn workers(&self) -> BTreeMap<&'static str, usize> {
        self.pools.iter().map(|(k, p)| (*k, p.workers_num())).collect()
    }

    /// Waits for everything sent so far and returns a copy of the totals.
    pub fn flush(&mut self) -> (BTreeMap<String, Summary>, BTreeMap<String, u64>) {
        for _ in 0..self.sent {
            self.done.recv().unwrap();
        }
        self.sent = 0;
        let t = self.totals.lock().unwrap();
        (t.series.clone(), t.labels.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_matches_two_pass() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        let mut s = Summary::default();
        xs.iter().for_each(|&x| s.add(x));
        assert_eq!(s.mean(), 5.0);
        assert!((s.variance() - 32.0 / 7.0).abs() < 1e-12);
        assert_eq!((s.min, s.max), (2.0, 9.0));
    }

    #[test]
    fn fan_out_on_a_plain_pool() {
        let pool = Pool::new(4);
        let (tx, rx) = mpsc::channel();
        pool.add_worker(&Worker::new(move |n: u16| tx.send(n).unwrap())).unwrap();
        pool.fan_out(9u16, 5).unwrap();
        assert_eq!(rx.iter().take(5).sum::<u16>(), 45);
    }
}
