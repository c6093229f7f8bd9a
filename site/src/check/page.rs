//! What one file of the site refers to, and what it offers to be referred to: read with a real
//! HTML5 parser (html5ever, through `scraper`) for pages, and a CSS tokenizer for stylesheets.

use cssparser::{Parser, ParserInput, Token};
use scraper::{ElementRef, Html};
use std::collections::HashSet;

/// Why a page names a URL: it loads it (a script, stylesheet, image ...) or links to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// The browser fetches it to show the page.
    Load,
    /// The reader may follow it.
    Link,
}

/// One URL a file names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    /// The URL as written.
    pub text: String,
    /// Whether it is loaded or linked.
    pub used_as: Use,
    /// Where it was found, such as `<img src>`.
    pub found_in: String,
}

/// What one HTML page holds, as far as the checks care.
#[derive(Debug, Default)]
pub struct Page {
    /// The anchors a `#fragment` can name: every `id`, and every `<a name>`.
    pub anchors: HashSet<String>,
    /// Every URL the page loads or links to.
    pub urls: Vec<Url>,
    /// The parser's complaints: the HTML is not well formed where there are any.
    pub parse_errors: Vec<String>,
    /// How many part titles and spacers of mdBook's table of contents the page has (see
    /// [`Page::upstream_errors`]).
    pub toc_separators: usize,
}

impl Page {
    /// Parses `html` as a whole document.
    pub fn parse(html: &str) -> Page {
        let document = Html::parse_document(html);
        let mut page = Page {
            parse_errors: document
                .errors
                .iter()
                .map(|error| error.to_string())
                .collect(),
            ..Page::default()
        };
        for node in document.tree.nodes() {
            if let Some(element) = ElementRef::wrap(node) {
                page.read_element(element);
            } else if let Some(text) = node.value().as_text() {
                let in_style = node
                    .parent()
                    .and_then(ElementRef::wrap)
                    .is_some_and(|p| p.value().name() == "style");
                if in_style {
                    page.add_css(text, "<style>");
                }
            }
        }
        page
    }

    fn read_element(&mut self, element: ElementRef<'_>) {
        let value = element.value();
        let name = value.name();
        if let Some(id) = value.id() {
            self.anchors.insert(id.to_string());
        }
        if name == "li"
            && value
                .classes()
                .any(|class| class == "part-title" || class == "spacer")
        {
            self.toc_separators += 1;
        }
        if let Some(anchor) = value.attr("name").filter(|_| name == "a") {
            self.anchors.insert(anchor.to_string());
        }
        if let Some(style) = value.attr("style") {
            self.add_css(style, &format!("<{name} style>"));
        }
        for (attribute, used_as) in urls_of(name, element) {
            if let Some(text) = value.attr(attribute) {
                let found_in = format!("<{name} {attribute}>");
                let texts: Vec<&str> = if attribute.ends_with("srcset") {
                    text.split(',')
                        .filter_map(|candidate| candidate.split_whitespace().next())
                        .collect()
                } else {
                    vec![text]
                };
                for text in texts {
                    self.urls.push(Url {
                        text: text.to_string(),
                        used_as,
                        found_in: found_in.clone(),
                    });
                }
            }
        }
        let refresh = name == "meta"
            && value
                .attr("http-equiv")
                .is_some_and(|v| v.eq_ignore_ascii_case("refresh"));
        if let Some(target) = value
            .attr("content")
            .and_then(refresh_target)
            .filter(|_| refresh)
        {
            let found_in = "<meta http-equiv=refresh>".to_string();
            self.urls.push(Url {
                text: target.to_string(),
                used_as: Use::Link,
                found_in,
            });
        }
    }

    /// The parse errors that mdBook 0.5's table of contents has for a known defect: it writes
    /// each part title and spacer as an `<li>` inside another `<li>`, so every one of them closes
    /// a `</li>` too many. Browsers recover the same way as html5ever; nothing else is excused.
    pub fn upstream_errors(&self, path: &std::path::Path) -> usize {
        let is_mdbook_toc = path.file_name().is_some_and(|name| name == "toc.html");
        if !is_mdbook_toc {
            return 0;
        }
        let unmatched = self
            .parse_errors
            .iter()
            .filter(|e| *e == UNMATCHED_CLOSE)
            .count();
        if unmatched <= self.toc_separators && unmatched == self.parse_errors.len() {
            unmatched
        } else {
            0
        }
    }

    fn add_css(&mut self, css: &str, found_in: &str) {
        for text in css_urls(css) {
            self.urls.push(Url {
                text,
                used_as: Use::Load,
                found_in: found_in.to_string(),
            });
        }
    }
}

/// html5ever's complaint about an end tag with no element open to close.
const UNMATCHED_CLOSE: &str = "No matching tag to close";

/// The attributes of an element that hold URLs, and how each is used.
fn urls_of(name: &str, element: ElementRef<'_>) -> Vec<(&'static str, Use)> {
    match name {
        "a" | "area" => vec![("href", Use::Link)],
        "link" => {
            let rel = element
                .value()
                .attr("rel")
                .unwrap_or("")
                .to_ascii_lowercase();
            let loads = rel.split_whitespace().any(|r| {
                matches!(
                    r,
                    "stylesheet"
                        | "icon"
                        | "preload"
                        | "modulepreload"
                        | "prefetch"
                        | "preconnect"
                        | "dns-prefetch"
                        | "manifest"
                        | "apple-touch-icon"
                        | "mask-icon"
                )
            });
            vec![("href", if loads { Use::Load } else { Use::Link })]
        }
        "script" | "iframe" | "embed" | "track" | "input" | "frame" => vec![("src", Use::Load)],
        "img" | "source" => vec![("src", Use::Load), ("srcset", Use::Load)],
        "video" => vec![("src", Use::Load), ("poster", Use::Load)],
        "audio" => vec![("src", Use::Load)],
        "object" => vec![("data", Use::Load)],
        "image" | "use" | "feImage" => vec![("href", Use::Load), ("xlink:href", Use::Load)],
        "form" => vec![("action", Use::Link)],
        // Every relative URL of the page resolves against it: checked like a link.
        "base" => vec![("href", Use::Link)],
        _ => Vec::new(),
    }
}

/// The URL of a `<meta http-equiv="refresh" content="0; url=...">`.
fn refresh_target(content: &str) -> Option<&str> {
    let (_, rest) = content.split_once(';')?;
    let rest = rest.trim();
    let prefix = rest.get(..4)?;
    prefix
        .eq_ignore_ascii_case("url=")
        .then(|| rest[4..].trim().trim_matches(['\'', '"']))
}

/// Every URL a stylesheet loads: `url(...)`, and `@import "..."`.
pub fn css_urls(css: &str) -> Vec<String> {
    let mut input = ParserInput::new(css);
    let mut parser = Parser::new(&mut input);
    let mut urls = Vec::new();
    collect_css_urls(&mut parser, &mut urls);
    urls
}

fn collect_css_urls(parser: &mut Parser<'_, '_>, urls: &mut Vec<String>) {
    let mut after_import = false;
    while let Ok(token) = parser.next_including_whitespace_and_comments() {
        let token = token.clone();
        match &token {
            Token::UnquotedUrl(url) => urls.push(url.to_string()),
            Token::QuotedString(url) if after_import => urls.push(url.to_string()),
            Token::Function(name) if name.eq_ignore_ascii_case("url") => {
                let _ = parser.parse_nested_block(
                    |inner| -> Result<(), cssparser::ParseError<'_, ()>> {
                        if let Ok(url) = inner.expect_string() {
                            urls.push(url.to_string());
                        }
                        Ok(())
                    },
                );
            }
            Token::Function(_)
            | Token::ParenthesisBlock
            | Token::SquareBracketBlock
            | Token::CurlyBracketBlock => {
                let _ = parser.parse_nested_block(
                    |inner| -> Result<(), cssparser::ParseError<'_, ()>> {
                        collect_css_urls(inner, urls);
                        Ok(())
                    },
                );
            }
            _ => {}
        }
        after_import = match token {
            Token::AtKeyword(ref name) => name.eq_ignore_ascii_case("import"),
            Token::WhiteSpace(_) | Token::Comment(_) => after_import,
            _ => false,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_offer_ids_and_named_anchors() {
        let page = Page::parse(
            r#"<!DOCTYPE html><html><head><title>t</title></head><body><h2 id="a">A</h2><a name="b"></a></body></html>"#,
        );
        assert!(page.anchors.contains("a") && page.anchors.contains("b"));
        assert!(page.parse_errors.is_empty(), "{:?}", page.parse_errors);
    }

    #[test]
    fn loads_and_links_are_told_apart() {
        let page = Page::parse(concat!(
            r#"<!DOCTYPE html><html><head><title>t</title><link rel="stylesheet" href="s.css">"#,
            r#"<link rel="canonical" href="https://x.example/"></head><body><a href="b.html">b</a>"#,
            r#"<img src="i.png" srcset="i2.png 2x, i3.png 3x" alt=""><script src="j.js"></script></body></html>"#,
        ));
        let found: Vec<(&str, Use)> = page
            .urls
            .iter()
            .map(|u| (u.text.as_str(), u.used_as))
            .collect();
        assert_eq!(
            found,
            [
                ("s.css", Use::Load),
                ("https://x.example/", Use::Link),
                ("b.html", Use::Link),
                ("i.png", Use::Load),
                ("i2.png", Use::Load),
                ("i3.png", Use::Load),
                ("j.js", Use::Load),
            ]
        );
    }

    #[test]
    fn stylesheets_in_attributes_and_style_elements_are_read() {
        let page = Page::parse(concat!(
            r#"<!DOCTYPE html><html><head><title>t</title><style>@import "https://f.example/a.css";</style></head>"#,
            r#"<body><div style="background: url(bg.png)"></div></body></html>"#,
        ));
        let found: Vec<&str> = page.urls.iter().map(|u| u.text.as_str()).collect();
        assert_eq!(found, ["https://f.example/a.css", "bg.png"]);
    }

    #[test]
    fn css_urls_are_found_in_every_form() {
        let css = r#"@import url("a.css"); @font-face { src: url(f.woff2) format("woff2"), url('g.woff'); }
            .x { background: image-set(url(h.png) 1x); mask: url("data:image/svg+xml,<svg/>"); }"#;
        assert_eq!(
            css_urls(css),
            [
                "a.css",
                "f.woff2",
                "g.woff",
                "h.png",
                "data:image/svg+xml,<svg/>"
            ]
        );
    }

    #[test]
    fn malformed_html_is_reported() {
        let page = Page::parse("<html><body><p>unclosed <b>bold</p></body></html>");
        assert!(!page.parse_errors.is_empty());
    }

    #[test]
    fn only_mdbooks_nested_part_titles_in_its_table_of_contents_are_excused() {
        let toc = concat!(
            r#"<!DOCTYPE html><html><head><title>t</title></head><body><ol>"#,
            r#"<li class="chapter-item"><li class="part-title">Guide</li></li>"#,
            r#"<li class="chapter-item"><a href="a.html">A</a></li></ol></body></html>"#,
        );
        let page = Page::parse(toc);
        assert_eq!(page.parse_errors, [UNMATCHED_CLOSE]);
        assert_eq!(
            page.upstream_errors(std::path::Path::new("book/toc.html")),
            1
        );
        assert_eq!(
            page.upstream_errors(std::path::Path::new("book/index.html")),
            0
        );
        let other = Page::parse(
            "<!DOCTYPE html><html><head><title>t</title></head><body></div></body></html>",
        );
        assert_eq!(
            other.upstream_errors(std::path::Path::new("book/toc.html")),
            0
        );
    }

    #[test]
    fn a_refresh_names_its_target() {
        assert_eq!(
            refresh_target("0; url=workerpool/index.html"),
            Some("workerpool/index.html")
        );
        assert_eq!(refresh_target("5"), None);
    }
}
