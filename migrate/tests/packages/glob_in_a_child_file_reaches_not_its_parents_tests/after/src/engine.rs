//! A module whose tests name a `Worker` of their own.
#[cfg(test)]
mod tests {
    use super::*;

    fn idle(_: Option<workerpool::SharedWorker<u8>>) {
        let _ = crate::feed;
    }
}
