//! The inverted index: term -> where it occurs.

use std::collections::{BTreeMap, BTreeSet};

/// Index of a document in the order it was given to the indexer.
pub type DocId = usize;

/// One occurrence: document and 1-based line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Posting {
    pub doc: DocId,
    pub line: usize,
}

#[derive(Debug, Default, Clone)]
pub struct InvertedIndex {
    terms: BTreeMap<String, BTreeSet<Posting>>,
}

impl InvertedIndex {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn insert(&mut self, term: String, posting: Posting) {
        self.terms.entry(term).or_default().insert(posting);
    }

    /// Postings of one term, in document and line order.
    pub fn lookup(&self, term: &str) -> Vec<Posting> {
        self.terms
            .get(&term.to_lowercase())
            .map(|set| set.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Lines that contain every term of `terms` (an AND query).
    pub fn all_of<'a, I>(&self, terms: I) -> Vec<Posting>
    where
        I: IntoIterator<Item = &'a str>,
    {
        let mut result: Option<BTreeSet<Posting>> = None;
        for term in terms {
            let hits: BTreeSet<Posting> = self.lookup(term).into_iter().collect();
            result = Some(match result {
                None => hits,
                Some(acc) => acc.intersection(&hits).copied().collect(),
            });
        }
        result.map(|s| s.into_iter().collect()).unwrap_or_default()
    }

    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// The `n` terms with the most postings, most frequent first, ties by name.
    pub fn top_terms(&self, n: usize) -> Vec<(&str, usize)> {
        let mut all: Vec<(&str, usize)> = self
            .terms
            .iter()
            .map(|(t, p)| (t.as_str(), p.len()))
            .collect();
        all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        all.truncate(n);
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(doc: DocId, line: usize) -> Posting {
        Posting { doc, line }
    }

    #[test]
    fn and_query_intersects() {
        let mut ix = InvertedIndex::new();
        ix.insert("disk".into(), p(0, 1));
        ix.insert("full".into(), p(0, 1));
        ix.insert("disk".into(), p(1, 4));
        assert_eq!(ix.all_of(["disk", "full"]), vec![p(0, 1)]);
        assert_eq!(ix.all_of(["DISK"]), vec![p(0, 1), p(1, 4)]);
        assert!(ix.all_of(Vec::<&str>::new()).is_empty());
    }
}
