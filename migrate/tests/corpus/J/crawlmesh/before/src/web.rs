//! An in-memory web: url -> body, where `[[url]]` marks a link.

use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct Web {
    pages: HashMap<String, String>,
}

impl Web {
    pub fn with(mut self, url: &str, body: &str) -> Self {
        self.pages.insert(url.to_string(), body.to_string());
        self
    }

    pub fn get(&self, url: &str) -> Option<&str> {
        self.pages.get(url).map(String::as_str)
    }

    /// The sample site the binary crawls.
    pub fn sample() -> Self {
        Web::default()
            .with("mem://home", "welcome [[mem://about]] and [[mem://blog]]")
            .with("mem://about", "about us [[mem://home]] [[mem://team]]")
            .with(
                "mem://blog",
                "posts [[mem://blog/1]] [[mem://blog/2]] [[mem://gone]]",
            )
            .with("mem://blog/1", "first post is short")
            .with("mem://blog/2", "second post links [[mem://blog/1]] back")
            .with("mem://team", "three people work here [[mem://deep]]")
            .with("mem://deep", "too deep to reach")
    }
}
