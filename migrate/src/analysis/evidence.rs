//! Which API a crate's code is written against, when its Cargo.toml does not say: 2.x calls (`Worker::new`,
//! `add_worker(&w)`, `workers_num`) or 3.x ones (`add_worker(f)`, `Pool<T>`, `WorkerHandle`, `wait_idle` ...).

use std::str::FromStr;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// What a file's tokens show.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Evidence {
    /// A call or name only 2.x has, at the crate root (not under `workerpool::v2`).
    pub v2: bool,
    /// A call or name only 3.x has.
    pub v3: bool,
}

/// Names only the 3.x API has (and that other code is unlikely to use).
const V3_ONLY: [&str; 6] = [
    "WorkerHandle",
    "DelegateError",
    "wait_idle",
    "try_delegate",
    "delegate_timeout",
    "delegate_deadline",
];

/// Names only the 2.x API has.
const V2_ONLY: [&str; 3] = ["workers_num", "remove_worker", "NoWorkers"];

/// Reads the evidence in `text` (a file that does not tokenize shows none).
pub fn evidence(text: &str) -> Evidence {
    let mut found = Evidence::default();
    if let Ok(tokens) = TokenStream::from_str(text) {
        scan(&tokens.into_iter().collect::<Vec<_>>(), &mut found);
    }
    found
}

fn scan(tokens: &[TokenTree], found: &mut Evidence) {
    let ident = |i: usize| match tokens.get(i) {
        Some(TokenTree::Ident(id)) => Some(id.to_string()),
        _ => None,
    };
    let punct =
        |i: usize, c: char| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(g) => scan(&g.stream().into_iter().collect::<Vec<_>>(), found),
            TokenTree::Ident(id) => {
                let name = id.to_string();
                // Under `v2::` a 2.x name is the compatibility module of 3.x, not evidence of 2.x.
                let under_v2 = i >= 3 && punct(i - 1, ':') && ident(i - 3).as_deref() == Some("v2");
                if V3_ONLY.contains(&name.as_str()) {
                    found.v3 = true;
                } else if V2_ONLY.contains(&name.as_str()) && !under_v2 {
                    found.v2 = true;
                }
                match name.as_str() {
                    "Pool" if punct(i + 1, '<') || (punct(i + 1, ':') && punct(i + 3, '<')) => {
                        found.v3 = true
                    }
                    "Worker"
                        if !under_v2
                            && punct(i + 1, ':')
                            && ident(i + 3).as_deref() == Some("new") =>
                    {
                        found.v2 = true;
                    }
                    "add_worker" => {
                        if let Some(TokenTree::Group(g)) = tokens.get(i + 1)
                            && g.delimiter() == Delimiter::Parenthesis
                        {
                            // `add_worker(&w)` is 2.x, `add_worker(|job| ..)` 3.x; `add_worker(f)` could be either.
                            match g.stream().into_iter().next() {
                                Some(TokenTree::Punct(p)) if p.as_char() == '&' => found.v2 = true,
                                Some(TokenTree::Punct(p)) if p.as_char() == '|' => found.v3 = true,
                                Some(TokenTree::Ident(id)) if id == "move" => found.v3 = true,
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_the_apis_apart() {
        let found = |text| {
            let Evidence { v2, v3 } = evidence(text);
            (v2, v3)
        };
        let v2 = "let w = Worker::new(|n: u8| ()); pool.add_worker(&w).unwrap();";
        assert_eq!(found(v2), (true, false));
        let v3 = "let pool = Pool::new(4); pool.add_worker(|n: u8| ()); pool.wait_idle();";
        assert_eq!(found(v3), (false, true));
        let compat = "use workerpool::v2::{Pool, Worker}; let w = workerpool::v2::Worker::new(f); p.workers_num();";
        assert_eq!(found(compat), (true, false));
        assert_eq!(found("let w = v2::Worker::new(f);"), (false, false));
        assert_eq!(found("fn f(p: &Pool<u8>) {}"), (false, true));
    }
}
