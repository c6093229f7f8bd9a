//! Text tools.

pub fn upper(s: String) -> String {
    s.to_uppercase()
}

pub fn reverse(s: String) -> String {
    s.chars().rev().collect()
}
