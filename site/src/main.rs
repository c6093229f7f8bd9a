//! Placeholder until this member lands.
fn main() {}
