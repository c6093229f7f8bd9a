//! What a URL found in a page points at: somewhere outside the site, or a file (and anchor) in it.

use percent_encoding::percent_decode_str;
use std::path::{Component, Path, PathBuf};

/// Where a URL written in a page (or stylesheet) leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// Another host: `https://...`, or `//host/...` which takes the page's scheme.
    External,
    /// Something that is no request at all: `data:`, `mailto:`, `javascript:`, `about:`, ...
    NoRequest,
    /// A path from the host's root, such as `/book/`: it breaks once the site is served under
    /// a path, as GitHub Pages serves a project's site.
    RootAbsolute,
    /// A `..` climbs above the site's root folder.
    OutsideSite,
    /// A file of the site, relative to the site's root, and the `#anchor` it names, if any,
    /// as written (a browser matches it as written first, then percent-decoded).
    Internal {
        path: PathBuf,
        anchor: Option<String>,
    },
}

impl Reference {
    /// Reads `url` as written in the file at `file` (relative to the site's root).
    pub fn resolve(url: &str, file: &Path) -> Reference {
        let url = url.trim();
        if url.starts_with("//") {
            return Reference::External;
        }
        if let Some(scheme) = scheme(url) {
            return match scheme.to_ascii_lowercase().as_str() {
                "http" | "https" | "ftp" | "ws" | "wss" => Reference::External,
                _ => Reference::NoRequest,
            };
        }
        if url.starts_with('/') {
            return Reference::RootAbsolute;
        }
        let (rest, anchor) = match url.split_once('#') {
            Some((rest, anchor)) => (rest, Some(anchor.to_string())),
            None => (url, None),
        };
        let path = rest.split_once('?').map_or(rest, |(path, _query)| path);
        let base = if path.is_empty() {
            file.to_path_buf()
        } else {
            file.with_file_name(decode(path))
        };
        match normalize(&base) {
            Some(path) => Reference::Internal { path, anchor },
            None => Reference::OutsideSite,
        }
    }
}

/// The scheme of an absolute URL (`https` in `https://...`), if it has one.
fn scheme(url: &str) -> Option<&str> {
    let (scheme, _) = url.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    let valid = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    valid.then_some(scheme)
}

/// `text` with its `%XX` escapes decoded.
pub fn decode(text: &str) -> String {
    percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// `path` with `.` and `..` worked out; `None` when it climbs above its root. A path that ends
/// in `/` keeps it, as `a/` names a folder's index page.
fn normalize(path: &Path) -> Option<PathBuf> {
    let clean = path_clean::clean(path);
    let mut normal = PathBuf::new();
    for component in clean.components() {
        match component {
            Component::Normal(part) => normal.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    if path.as_os_str().to_string_lossy().ends_with('/') {
        normal.push("");
    }
    Some(normal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn internal(path: &str, anchor: Option<&str>) -> Reference {
        Reference::Internal {
            path: PathBuf::from(path),
            anchor: anchor.map(String::from),
        }
    }

    #[test]
    fn other_hosts_are_external() {
        let page = Path::new("index.html");
        assert_eq!(
            Reference::resolve("https://fonts.example/a.css", page),
            Reference::External
        );
        assert_eq!(
            Reference::resolve("//cdn.example/x.js", page),
            Reference::External
        );
        assert_eq!(Reference::resolve("HTTP://a", page), Reference::External);
    }

    #[test]
    fn schemes_that_make_no_request_are_told_apart() {
        let page = Path::new("index.html");
        assert_eq!(
            Reference::resolve("data:image/svg+xml,<svg/>", page),
            Reference::NoRequest
        );
        assert_eq!(
            Reference::resolve("mailto:a@b.c", page),
            Reference::NoRequest
        );
    }

    #[test]
    fn relative_paths_resolve_against_the_page_and_keep_their_anchor() {
        let page = Path::new("book/perf/index.html");
        assert_eq!(
            Reference::resolve("../intro.html#why", page),
            internal("book/intro.html", Some("why"))
        );
        assert_eq!(
            Reference::resolve("#a%3Cb", page),
            internal("book/perf/index.html", Some("a%3Cb"))
        );
        assert_eq!(
            Reference::resolve("#top", page),
            internal("book/perf/index.html", Some("top"))
        );
        assert_eq!(
            Reference::resolve("a%20b.html?x=1", page),
            internal("book/perf/a b.html", None)
        );
        assert_eq!(Reference::resolve("./", page), internal("book/perf/", None));
    }

    #[test]
    fn root_paths_and_climbs_out_of_the_site_are_flagged() {
        let page = Path::new("book/index.html");
        assert_eq!(Reference::resolve("/api/", page), Reference::RootAbsolute);
        assert_eq!(
            Reference::resolve("../../x.html", page),
            Reference::OutsideSite
        );
    }
}
