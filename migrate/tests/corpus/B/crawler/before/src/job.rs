#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchJob {
    pub url: String,
    pub depth: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Page {
    pub url: String,
    pub depth: u32,
    pub bytes: usize,
    pub links: usize,
}
