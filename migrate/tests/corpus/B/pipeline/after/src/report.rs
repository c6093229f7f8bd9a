//! Turning the counts into the printed table.

use std::collections::BTreeMap;
use std::fmt::Write;

pub const STOP_WORDS: [&str; 4] = ["a", "and", "is", "the"];

/// A word, how often it occurs, and the sorted lines it occurs on.
#[derive(Debug, PartialEq, Eq)]
pub struct Row {
    pub word: String,
    pub lines: Vec<usize>,
}

/// Rows by falling frequency, then by word; stop words left out.
pub fn rows(counts: &BTreeMap<String, Vec<usize>>, stop: &[&str]) -> Vec<Row> {
    let mut rows: Vec<Row> = counts
        .iter()
        .filter(|(w, _)| !stop.contains(&w.as_str()))
        .map(|(w, lines)| {
            let mut lines = lines.clone();
            lines.sort_unstable();
            Row { word: w.clone(), lines }
        })
        .collect();
    rows.sort_by(|a, b| b.lines.len().cmp(&a.lines.len()).then_with(|| a.word.cmp(&b.word)));
    rows
}

pub fn dropped(counts: &BTreeMap<String, Vec<usize>>, stop: &[&str]) -> usize {
    stop.iter().filter_map(|w| counts.get(*w)).map(Vec::len).sum()
}

pub fn table(rows: &[Row], limit: usize) -> String {
    let mut out = String::new();
    for row in rows.iter().take(limit) {
        writeln!(out, "{:<10} {} {:?}", row.word, row.lines.len(), row.lines).unwrap();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_sort_by_frequency_then_word() {
        let mut c = BTreeMap::new();
        c.insert("b".to_string(), vec![2, 1]);
        c.insert("a".to_string(), vec![3, 1]);
        c.insert("the".to_string(), vec![1, 1, 1]);
        c.insert("z".to_string(), vec![5]);
        let r = rows(&c, &STOP_WORDS);
        assert_eq!(r.iter().map(|r| r.word.as_str()).collect::<Vec<_>>(), ["b", "z"]);
        assert_eq!(r[0].lines, [1, 2]);
        assert_eq!(dropped(&c, &STOP_WORDS), 5);
    }
}
