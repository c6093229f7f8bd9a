//! An in-memory file tree with sizes and modification times.

use std::collections::BTreeMap;
use std::sync::RwLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileMeta {
    pub size: u64,
    /// Modification time, in whole hours since the epoch of the simulation.
    pub mtime: u64,
}

#[derive(Debug, Default)]
pub struct VirtualFs {
    files: RwLock<BTreeMap<String, FileMeta>>,
}

impl VirtualFs {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn write(&self, path: &str, size: u64, mtime: u64) {
        self.files
            .write()
            .unwrap()
            .insert(path.to_string(), FileMeta { size, mtime });
    }

    pub fn remove(&self, path: &str) -> bool {
        self.files.write().unwrap().remove(path).is_some()
    }

    /// Files under `root` (a directory prefix), sorted by path.
    pub fn walk(&self, root: &str) -> Vec<(String, FileMeta)> {
        let prefix = format!("{}/", root.trim_end_matches('/'));
        self.files
            .read()
            .unwrap()
            .range(prefix.clone()..)
            .take_while(|(p, _)| p.starts_with(&prefix))
            .map(|(p, m)| (p.clone(), *m))
            .collect()
    }

    /// A small home directory and /etc, all written at hour 0.
    pub fn sample() -> VirtualFs {
        let fs = VirtualFs::new();
        for (path, size) in [
            ("/home/ana/notes.md", 4_200),
            ("/home/ana/photos/beach.jpg", 2_400_000),
            ("/home/ana/photos/city.jpg", 3_100_000),
            ("/home/ana/code/main.rs", 12_000),
            ("/home/bo/thesis.tex", 88_000),
            ("/home/bo/refs.bib", 9_500),
            ("/etc/hosts", 300),
            ("/etc/fstab", 650),
            ("/etc/nginx/nginx.conf", 2_800),
            ("/var/log/syslog", 5_000_000),
        ] {
            fs.write(path, size, 0);
        }
        fs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_stays_under_the_root() {
        let fs = VirtualFs::sample();
        let etc: Vec<String> = fs.walk("/etc/").into_iter().map(|(p, _)| p).collect();
        assert_eq!(etc, ["/etc/fstab", "/etc/hosts", "/etc/nginx/nginx.conf"]);
        assert!(fs.walk("/et").is_empty());
    }
}
