/// Where exposition text comes from.
pub trait Source: Send + Sync {
    fn fetch(&self, url: &str) -> Result<String, String>;
}

/// Synthesises an endpoint's metrics from its URL; `/down` endpoints fail.
#[derive(Debug, Default, Clone)]
pub struct FakeSource;

impl Source for FakeSource {
    fn fetch(&self, url: &str) -> Result<String, String> {
        if url.ends_with("/down") {
            return Err("connection refused".into());
        }
        let seed = url.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        Ok(format!(
            "# HELP requests_total Requests served\nrequests_total {}\nerrors_total {}\nup 1\n",
            seed % 1000,
            seed % 7
        ))
    }
}
