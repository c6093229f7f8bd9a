pub struct Square(pub u64);

pub fn run(job: Square) {
    let _ = job.0 * job.0;
}
