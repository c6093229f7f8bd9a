//! A fake web site: pages and the links between them.

use std::collections::HashMap;

#[derive(Debug, Default)]
pub struct Site {
    pages: HashMap<String, String>,
}

impl Site {
    pub fn new() -> Site {
        Site::default()
    }

    pub fn page(mut self, url: &str, body: &str) -> Site {
        self.pages.insert(url.to_string(), body.to_string());
        self
    }

    pub fn get(&self, url: &str) -> Option<&str> {
        self.pages.get(url).map(String::as_str)
    }

    /// Links are words starting with `/`.
    pub fn links(body: &str) -> Vec<String> {
        body.split_whitespace()
            .filter(|w| w.starts_with('/'))
            .map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '/').to_string())
            .collect()
    }

    /// Every existing page reachable from `start`, found one at a time (the reference).
    pub fn reachable(&self, start: &str) -> Vec<String> {
        let mut seen = std::collections::BTreeSet::new();
        let mut todo = vec![start.to_string()];
        while let Some(url) = todo.pop() {
            if let Some(body) = self.get(&url) {
                if seen.insert(url) {
                    todo.extend(Site::links(body));
                }
            }
        }
        seen.into_iter().collect()
    }

    /// A site of `n` generated pages, each linking to a few others.
    pub fn generated(n: usize) -> Site {
        let mut site = Site::new().page("/", "home: see /p0 and /p1 and /about");
        site = site.page("/about", "about us, back to /");
        for i in 0..n {
            let body = format!("page {i} links /p{} /p{} /missing{}", (i * 2 + 1) % n, (i * 3 + 2) % n, i % 3);
            site = site.page(&format!("/p{i}"), &body);
        }
        site
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_links() {
        assert_eq!(Site::links("go to /a, then /b/c."), vec!["/a", "/b/c"]);
    }
}
