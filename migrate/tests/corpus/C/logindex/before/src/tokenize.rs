//! Splits a log line into lower-case terms.

/// Words shorter than this are not indexed.
pub const MIN_TERM: usize = 3;

const STOP_WORDS: &[&str] = &["the", "and", "for", "with", "from", "was"];

/// The terms of `line`, in order, lower-cased, without stop words or numbers.
pub fn terms(line: &str) -> impl Iterator<Item = String> + '_ {
    line.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| w.len() >= MIN_TERM)
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_short_words_numbers_and_stop_words() {
        let got: Vec<_> = terms("ERROR the db_pool failed after 3000 ms: Timeout").collect();
        assert_eq!(got, ["error", "db_pool", "failed", "after", "timeout"]);
    }

    #[test]
    fn empty_line_has_no_terms() {
        assert_eq!(terms("  -- ").count(), 0);
    }
}
