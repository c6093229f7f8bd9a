//! Scripts: one `tool argument` per line. A number argument is a `u64`, `0x..` is bytes, the rest text.

use crate::registry::{Registry, ToolError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Number(u64),
    Bytes(Vec<u8>),
    Text(String),
}

pub fn parse_input(arg: &str) -> Input {
    if let Ok(n) = arg.parse() {
        return Input::Number(n);
    }
    if let Some(hex) = arg.strip_prefix("0x") {
        let bytes: Option<Vec<u8>> = (0..hex.len())
            .step_by(2)
            .map(|i| {
                hex.get(i..i + 2)
                    .and_then(|b| u8::from_str_radix(b, 16).ok())
            })
            .collect();
        if let Some(bytes) = bytes {
            return Input::Bytes(bytes);
        }
    }
    Input::Text(arg.to_string())
}

/// Runs every line; returns the output lines in script order, errors as `! ...` lines.
pub fn run_script(reg: &Registry, script: &str) -> Vec<String> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut queued = 0;
    for (seq, line) in script.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (tool, arg) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let sent: Result<(), ToolError> = match parse_input(arg.trim()) {
            Input::Number(n) => reg.submit(tool, seq, n),
            Input::Bytes(b) => reg.submit(tool, seq, b),
            Input::Text(t) => reg.submit(tool, seq, t),
        };
        match sent {
            Ok(()) => queued += 1,
            Err(e) => lines.push((seq, format!("! {e}"))),
        }
    }
    lines.extend(reg.collect(queued));
    lines.sort();
    lines
        .into_iter()
        .map(|(seq, text)| format!("{seq:>2}: {text}"))
        .collect()
}
