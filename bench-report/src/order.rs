//! The order benchmarks are listed in: the order criterion ran them, else an order a person expects
//! of sizes and counts ("1 KiB" before "64 KiB" before "1 MiB", "2 lanes" before "16 lanes").

use std::cmp::Ordering;

/// A key that sorts ids as a person reads them: numbers by value, with a binary or decimal size unit
/// after a number scaling it ("64 KiB" < "1 MiB"), and the rest as text.
///
/// ```
/// use bench_report::order::natural_cmp;
///
/// let mut ids = vec!["parse/1 MiB", "parse/1 KiB", "parse/64 KiB", "sum/16 lanes", "sum/2 lanes"];
/// ids.sort_by(|a, b| natural_cmp(a, b));
/// assert_eq!(ids, ["parse/1 KiB", "parse/64 KiB", "parse/1 MiB", "sum/2 lanes", "sum/16 lanes"]);
/// ```
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (ka, kb) = (key(a), key(b));
    for (x, y) in ka.iter().zip(&kb) {
        let ordering = match (x, y) {
            (Part::Number(x), Part::Number(y)) => x.total_cmp(y),
            (Part::Text(x), Part::Text(y)) => x.cmp(y),
            (Part::Number(_), Part::Text(_)) => Ordering::Less,
            (Part::Text(_), Part::Number(_)) => Ordering::Greater,
        };
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    ka.len().cmp(&kb.len()).then_with(|| a.cmp(b))
}

#[derive(Debug)]
enum Part {
    Number(f64),
    Text(String),
}

/// Units a size or count may carry after its number, and what they multiply it by.
const UNITS: [(&str, f64); 12] = [
    ("KiB", 1024.0),
    ("MiB", 1024.0 * 1024.0),
    ("GiB", 1024.0 * 1024.0 * 1024.0),
    ("KB", 1e3),
    ("MB", 1e6),
    ("GB", 1e9),
    ("kB", 1e3),
    ("k", 1e3),
    ("K", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("B", 1.0),
];

fn key(id: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut rest = id;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_'))
            .unwrap_or(rest.len());
        if digits > 0 && rest.starts_with(|c: char| c.is_ascii_digit()) {
            let number: f64 = rest[..digits].replace('_', "").parse().unwrap_or(0.0);
            rest = &rest[digits..];
            let after = rest.trim_start_matches(' ');
            let unit = UNITS.iter().find(|(symbol, _)| {
                after.starts_with(symbol)
                    && !after[symbol.len()..].starts_with(|c: char| c.is_alphanumeric())
            });
            match unit {
                Some((symbol, scale)) => {
                    parts.push(Part::Number(number * scale));
                    rest = &after[symbol.len()..];
                }
                None => parts.push(Part::Number(number)),
            }
        } else {
            let text = rest
                .find(|c: char| c.is_ascii_digit())
                .filter(|&at| at > 0)
                .unwrap_or(rest.len());
            parts.push(Part::Text(rest[..text].to_owned()));
            rest = &rest[text..];
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_sort_by_bytes_and_counts_by_value() {
        let mut ids = vec![
            "copy/1 MiB",
            "copy/64 KiB",
            "copy/1 KiB",
            "sum/100000 values",
            "sum/100 values",
            "sum/1_000 values",
        ];
        ids.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            ids,
            [
                "copy/1 KiB",
                "copy/64 KiB",
                "copy/1 MiB",
                "sum/100 values",
                "sum/1_000 values",
                "sum/100000 values"
            ]
        );
    }

    #[test]
    fn a_unit_must_stand_alone_to_count() {
        // "10 Bytes" is 10 and the text "Bytes", not 10 × B; "2 Mutexes" is not two million.
        assert_eq!(natural_cmp("x/2 Mutexes", "x/3 Mutexes"), Ordering::Less);
        assert_eq!(natural_cmp("x/10 Bytes", "x/9 Bytes"), Ordering::Greater);
    }
}
