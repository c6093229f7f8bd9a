/// Tasks are split by how long they take, so a slow report never holds up a ping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lane {
    Fast,
    Slow,
    Batch,
}

impl Lane {
    pub const ALL: [Lane; 3] = [Lane::Fast, Lane::Slow, Lane::Batch];

    pub fn default_threads(self) -> usize {
        match self {
            Lane::Fast => 2,
            Lane::Slow => 1,
            Lane::Batch => 1,
        }
    }
}
