use workerpool::Pool;

pub fn make() -> Pool {
    Pool::new(2)
}
