//! A module whose tests name a `Worker` of their own.
#[cfg(test)]
mod tests {
    use super::*;
    use workerpool::Worker;

    fn idle(_: Option<Worker>) {
        let _ = crate::feed;
    }
}
