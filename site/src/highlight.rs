//! Syntax highlighting of code at build time, so pages need no script to colour it.
//!
//! Tokens get CSS classes (`hl-keyword`, `hl-string`, ...) rather than inline colours, so the
//! site's stylesheet colours them for light and dark mode alike.

use anyhow::{Context, Result};
use std::sync::OnceLock;
use syntect::html::{ClassStyle, ClassedHTMLGenerator};
use syntect::parsing::SyntaxSet;
use syntect::util::LinesWithEndings;

/// The prefix of every class the highlighter writes.
pub const CLASS_PREFIX: &str = "hl-";

fn syntaxes() -> &'static SyntaxSet {
    static SYNTAXES: OnceLock<SyntaxSet> = OnceLock::new();
    SYNTAXES.get_or_init(SyntaxSet::load_defaults_newlines)
}

/// `code` in the language with file extension `extension` (such as `rs`), as HTML to place
/// inside a `<pre><code>`: the text escaped, its tokens wrapped in classed `<span>`s.
pub fn to_html(code: &str, extension: &str) -> Result<String> {
    let syntaxes = syntaxes();
    let syntax = syntaxes
        .find_syntax_by_extension(extension)
        .with_context(|| format!("no syntax for code of extension `{extension}`"))?;
    let style = ClassStyle::SpacedPrefixed {
        prefix: CLASS_PREFIX,
    };
    let mut html = ClassedHTMLGenerator::new_with_class_style(syntax, syntaxes, style);
    for line in LinesWithEndings::from(code) {
        html.parse_html_for_line_which_includes_newline(line)
            .with_context(|| format!("could not highlight the line {line:?}"))?;
    }
    Ok(html.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_tokens_get_classes_and_the_text_is_escaped() {
        let html = to_html("let x = \"<b>\"; // done\n", "rs").unwrap();
        assert!(
            html.contains(r#"<span class="hl-storage hl-type hl-rust">let</span>"#),
            "{html}"
        );
        assert!(html.contains("&lt;b&gt;"), "{html}");
        assert!(html.contains("hl-comment"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
    }

    #[test]
    fn an_unknown_language_is_an_error() {
        assert!(to_html("x", "no-such-language").is_err());
    }
}
