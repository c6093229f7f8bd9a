/// Every `href="..."` value, in document order.
pub fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("href=\"") {
        rest = &rest[i + 6..];
        if let Some(end) = rest.find('"') {
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    out
}

pub fn title(html: &str) -> Option<String> {
    let start = html.find("<title>")? + 7;
    let end = html[start..].find("</title>")? + start;
    Some(html[start..end].trim().to_owned())
}

/// Resolves `link` against the page `base` (both absolute paths on one host).
pub fn resolve(base: &str, link: &str) -> Option<String> {
    if link.starts_with("http://") || link.starts_with("https://") || link.starts_with("mailto:") {
        return None; // off-site
    }
    let link = link.split('#').next()?;
    if link.is_empty() {
        return None;
    }
    if link.starts_with('/') {
        return Some(link.to_owned());
    }
    let dir = &base[..=base.rfind('/')?];
    Some(format!("{dir}{link}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_links_and_title() {
        let h = r#"<title> Home </title><a href="/a">a</a> <a href="b.html#x">b</a>"#;
        assert_eq!(links(h), vec!["/a", "b.html#x"]);
        assert_eq!(title(h).as_deref(), Some("Home"));
    }

    #[test]
    fn resolves() {
        assert_eq!(resolve("/docs/index.html", "intro.html").as_deref(), Some("/docs/intro.html"));
        assert_eq!(resolve("/docs/index.html", "/x").as_deref(), Some("/x"));
        assert_eq!(resolve("/", "https://elsewhere"), None);
    }
}
