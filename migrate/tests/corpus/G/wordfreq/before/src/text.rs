//! Splitting text into chunks and words.

/// Groups the lines of `doc` into chunks of `lines` lines each.
pub fn chunks(doc: &str, lines: usize) -> Vec<String> {
    let all: Vec<&str> = doc.lines().filter(|l| !l.trim().is_empty()).collect();
    all.chunks(lines.max(1)).map(|c| c.join("\n")).collect()
}

pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lowercased_and_trimmed() {
        let got: Vec<String> = words("The cat's hat, 'quoted' THE").collect();
        assert_eq!(got, ["the", "cat's", "hat", "quoted", "the"]);
    }

    #[test]
    fn chunks_skip_blank_lines() {
        assert_eq!(chunks("a\n\nb\nc\n", 2), ["a\nb", "c"]);
    }
}
