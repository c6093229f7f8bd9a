//! Placeholder until the book lands.
