use cronish::*;

struct Fixed(&'static str, Lane, u64);

impl Task for Fixed {
    fn name(&self) -> &str {
        self.0
    }
    fn lane(&self) -> Lane {
        self.1
    }
    fn period(&self) -> u32 {
        2
    }
    fn run(&self, _tick: u32) -> u64 {
        self.2
    }
}

#[test]
fn tasks_run_on_their_period() {
    let mut sched = Scheduler::new(&[Lane::Fast, Lane::Slow]).unwrap();
    sched.add(Fixed("a", Lane::Fast, 1)).add(Fixed("b", Lane::Slow, 10));
    let outcomes = sched.run_ticks(5).unwrap();
    let ticks: Vec<u32> = outcomes.iter().map(|o| o.tick).collect();
    assert_eq!(ticks, vec![0, 0, 2, 2, 4, 4]);
    assert_eq!(outcomes.iter().map(|o| o.value).sum::<u64>(), 33);
}

#[test]
fn a_task_on_a_missing_lane_is_an_error() {
    let mut sched = Scheduler::new(&[Lane::Fast]).unwrap();
    sched.add(Fixed("r", Lane::Batch, 0));
    match sched.tick(0) {
        Err(SchedError::NoLane(Lane::Batch)) => {}
        other => panic!("unexpected {:?}", other),
    }
}

#[test]
fn resize_both_ways() {
    let sched = Scheduler::new(&Lane::ALL).unwrap();
    sched.resize(Lane::Slow, 4).unwrap();
    assert_eq!(sched.threads(Lane::Slow), 4);
    sched.resize(Lane::Slow, 0).unwrap();
    assert_eq!(sched.threads(Lane::Slow), 0);
    assert_eq!(sched.threads(Lane::Fast), 2);
}
