//! A canned web, so the crawler runs without a network.

use std::collections::HashMap;
use std::sync::LazyLock;

pub static WEB: LazyLock<HashMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| {
    let mut web = HashMap::new();
    web.insert("example.org/", vec!["/about", "/blog", "http://docs.example.org/", "mailto:x@y"]);
    web.insert("example.org/about", vec!["/", "/team"]);
    web.insert("example.org/team", vec!["/about", "http://people.example.net/ana"]);
    web.insert("example.org/blog", vec!["/blog/1", "/blog/2", "/private/drafts"]);
    web.insert("example.org/blog/1", vec!["/blog", "http://docs.example.org/start"]);
    web.insert("example.org/blog/2", vec!["/blog", "/blog/3"]);
    web.insert("example.org/blog/3", vec!["/blog/4"]);
    web.insert("docs.example.org/", vec!["/start", "/api"]);
    web.insert("docs.example.org/start", vec!["/api", "http://example.org/"]);
    web.insert("docs.example.org/api", vec!["/api/pool", "/api/worker"]);
    web.insert("docs.example.org/api/pool", vec!["/api"]);
    web.insert("people.example.net/ana", vec!["http://people.example.net/bo"]);
    web
});

/// The links of a page, or `None` for a 404.
pub fn get(host: &str, path: &str) -> Option<&'static [&'static str]> {
    WEB.get(format!("{host}{path}").as_str()).map(|v| v.as_slice())
}
