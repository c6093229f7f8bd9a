use crate::lane::Lane;

/// Something the scheduler can run. `run` returns a number for the log
/// (rows touched, bytes freed...).
pub trait Task: Send + Sync {
    fn name(&self) -> &str;
    fn lane(&self) -> Lane;
    /// Runs every `period` ticks, starting at tick 0.
    fn period(&self) -> u32;
    fn run(&self, tick: u32) -> u64;
}

pub struct Ping {
    pub host: &'static str,
}

impl Task for Ping {
    fn name(&self) -> &str {
        self.host
    }
    fn lane(&self) -> Lane {
        Lane::Fast
    }
    fn period(&self) -> u32 {
        1
    }
    fn run(&self, tick: u32) -> u64 {
        (self.host.len() as u64 * 3 + tick as u64) % 17
    }
}

pub struct Cleanup {
    pub dir: &'static str,
    pub every: u32,
}

impl Task for Cleanup {
    fn name(&self) -> &str {
        self.dir
    }
    fn lane(&self) -> Lane {
        Lane::Slow
    }
    fn period(&self) -> u32 {
        self.every
    }
    fn run(&self, tick: u32) -> u64 {
        self.dir.bytes().map(u64::from).sum::<u64>() * (tick as u64 + 1)
    }
}

/// A report over `rows`, summed the slow way on purpose.
pub struct Report {
    pub title: &'static str,
    pub rows: u64,
}

impl Task for Report {
    fn name(&self) -> &str {
        self.title
    }
    fn lane(&self) -> Lane {
        Lane::Batch
    }
    fn period(&self) -> u32 {
        3
    }
    fn run(&self, _tick: u32) -> u64 {
        (1..=self.rows).filter(|n| n % 7 == 0).sum()
    }
}

pub fn due(task: &dyn Task, tick: u32) -> bool {
    tick % task.period().max(1) == 0
}
