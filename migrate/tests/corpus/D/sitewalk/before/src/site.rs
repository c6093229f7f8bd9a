use std::collections::HashMap;

/// Something pages can be fetched from.
pub trait Fetch: Send + Sync + 'static {
    fn fetch(&self, path: &str) -> Option<String>;
}

/// A site held in memory, path -> html.
#[derive(Debug, Default, Clone)]
pub struct StaticSite {
    pages: HashMap<String, String>,
}

impl StaticSite {
    pub fn page(mut self, path: &str, html: &str) -> Self {
        self.pages.insert(path.to_owned(), html.to_owned());
        self
    }
}

impl Fetch for StaticSite {
    fn fetch(&self, path: &str) -> Option<String> {
        self.pages.get(path).cloned()
    }
}
