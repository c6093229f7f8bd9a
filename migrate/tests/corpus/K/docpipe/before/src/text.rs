//! The text functions the stages run.

/// Lowercased words of at least two letters.
pub fn tokenize(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 2)
        .map(str::to_lowercase)
        .collect()
}

/// A crude stemmer: strips a few English suffixes.
pub fn stem(word: &str) -> String {
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(base) = word.strip_suffix(suffix) {
            if base.len() >= 3 {
                return base.to_string();
            }
        }
    }
    word.to_string()
}

pub const STOP_WORDS: &[&str] = &["the", "and", "of", "to", "in", "is", "it", "on", "at", "an"];

pub fn is_stop_word(w: &str) -> bool {
    STOP_WORDS.contains(&w)
}
