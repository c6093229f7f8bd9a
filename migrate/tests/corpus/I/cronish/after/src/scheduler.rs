use crate::audit;
use crate::error::{Result, SchedError};
use crate::lane::Lane;
use crate::task::{due, Task};
use std::collections::HashMap;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use workerpool::{Pool, SharedWorker};

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Outcome {
    pub tick: u32,
    pub lane: Lane,
    pub task: String,
    pub value: u64,
}

/// One run of a task, as queued on its lane.
pub struct Run {
    task: Arc<dyn Task>,
    tick: u32,
    done: Sender<Outcome>,
}

fn lane_worker(lane: Lane) -> SharedWorker<Run> {
    SharedWorker::new(move |run: Run| {
        let value = run.task.run(run.tick);
        audit::record(format!("t{:02} {:?} {}", run.tick, lane, run.task.name()));
        let _ = run.done.send(Outcome {
            tick: run.tick,
            lane,
            task: run.task.name().to_string(),
            value,
        });
    })
}

pub struct Scheduler {
    lanes: HashMap<Lane, Pool<Run>>,
    workers: HashMap<Lane, SharedWorker<Run>>,
    tasks: Vec<Arc<dyn Task>>,
}

impl Scheduler {
    pub fn new(lanes: &[Lane]) -> Result<Scheduler> {
        let mut sched = Scheduler {
            lanes: HashMap::new(),
            workers: HashMap::new(),
            tasks: Vec::new(),
        };
        for &lane in lanes {
            let pool = Pool::<Run>::new(16);
            let worker = lane_worker(lane);
            for _ in 0..lane.default_threads() {
                pool.add_shared_worker(&worker);
            }
            sched.lanes.insert(lane, pool);
            sched.workers.insert(lane, worker);
        }
        Ok(sched)
    }

    pub fn add<T: Task + 'static>(&mut self, task: T) -> &mut Self {
        self.tasks.push(Arc::new(task));
        self
    }

    pub fn threads(&self, lane: Lane) -> usize {
        self.lanes.get(&lane).map_or(0, |p| p.workers())
    }

    /// Grows or shrinks a lane to `n` threads.
    pub fn resize(&self, lane: Lane, n: usize) -> Result<()> {
        let pool = self.lanes.get(&lane).ok_or(SchedError::NoLane(lane))?;
        let worker = &self.workers[&lane];
        while pool.workers() < n {
            pool.add_shared_worker(worker);
        }
        while pool.workers() > n {
            pool.remove_shared_worker(worker);
        }
        Ok(())
    }

    /// Runs every task due on `tick` and returns the outcomes in order.
    pub fn tick(&self, tick: u32) -> Result<Vec<Outcome>> {
        let (done, outcomes) = mpsc::channel();
        let mut queued = 0;
        for task in self.tasks.iter().filter(|t| due(t.as_ref(), tick)) {
            let pool = self.lanes.get(&task.lane()).ok_or(SchedError::NoLane(task.lane()))?;
            pool.delegate(Run {
                task: Arc::clone(task),
                tick,
                done: done.clone(),
            }).map_err(workerpool::Error::from)?;
            queued += 1;
        }
        drop(done);
        let mut got: Vec<Outcome> = outcomes.iter().collect();
        if got.len() != queued {
            return Err(SchedError::Lost { expected: queued, got: got.len() });
        }
        got.sort();
        Ok(got)
    }

    /// Runs ticks `0..n` with the ticks of each lane fed from its own thread.
    pub fn run_ticks(&self, n: u32) -> Result<Vec<Outcome>> {
        let mut all = Vec::new();
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..n).map(|t| s.spawn(move || self.tick(t))).collect();
            for h in handles {
                all.extend(h.join().unwrap()?);
            }
            Ok::<_, SchedError>(())
        })?;
        all.sort();
        Ok(all)
    }

    pub fn shutdown(&self) {
        for pool in self.lanes.values() {
            pool.stop();
        }
    }
}
