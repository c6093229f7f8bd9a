use crate::error::ScrapeError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub job: String,
    pub url: String,
}

/// `job url` per line; `#` comments.
pub fn parse_targets(text: &str) -> Result<Vec<Target>, ScrapeError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        match (parts.next(), parts.next(), parts.next()) {
            (Some(job), Some(url), None) if url.starts_with("http://") => {
                out.push(Target { job: job.to_owned(), url: url.to_owned() })
            }
            _ => return Err(ScrapeError::Config { line: i + 1, msg: format!("expected `job http://...`, got {line:?}") }),
        }
    }
    Ok(out)
}
