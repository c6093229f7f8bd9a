use workerpool::v2::Pool;

pub fn make() -> Pool {
    Pool::new(2)
}
