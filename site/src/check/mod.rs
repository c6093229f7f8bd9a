//! Checks a built site the way a reader's browser would meet it: every internal link and
//! `#anchor` resolves, nothing is loaded from another host, and every page parses as HTML.

mod page;
mod reference;

pub use page::{Page, Url, Use, css_urls};
pub use reference::Reference;

use anyhow::{Context, Result, bail};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// Something wrong in one file of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, relative to the site's root.
    pub file: PathBuf,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.what)
    }
}

/// Every page and stylesheet of a built site, read once and checked as often as needed.
#[derive(Debug)]
pub struct SiteReport {
    pages: BTreeMap<PathBuf, Page>,
    stylesheets: BTreeMap<PathBuf, Vec<String>>,
    files: HashSet<PathBuf>,
}

impl SiteReport {
    /// Reads every `.html` and `.css` file under `root`.
    pub fn scan(root: &Path) -> Result<SiteReport> {
        let mut report = SiteReport {
            pages: BTreeMap::new(),
            stylesheets: BTreeMap::new(),
            files: HashSet::new(),
        };
        for entry in walkdir::WalkDir::new(root) {
            let entry =
                entry.with_context(|| format!("could not read the site at {}", root.display()))?;
            if !entry.file_type().is_file() {
                continue;
            }
            let relative = entry.path().strip_prefix(root)?.to_path_buf();
            match relative.extension().and_then(|e| e.to_str()) {
                Some("html" | "htm") => {
                    let text = read(entry.path())?;
                    report.pages.insert(relative.clone(), Page::parse(&text));
                }
                Some("css") => {
                    let text = read(entry.path())?;
                    report.stylesheets.insert(relative.clone(), css_urls(&text));
                }
                _ => {}
            }
            report.files.insert(relative);
        }
        if !report.pages.contains_key(Path::new("index.html")) {
            bail!("the site at {} has no index.html", root.display());
        }
        Ok(report)
    }

    /// How many HTML pages the site has.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// The pages, by path relative to the site's root.
    pub fn page_paths(&self) -> impl Iterator<Item = &Path> {
        self.pages.keys().map(PathBuf::as_path)
    }

    /// The page at `path` (relative to the site's root), if the site has it.
    pub fn page(&self, path: &Path) -> Option<&Page> {
        self.pages.get(path)
    }

    /// Internal links and loads whose file or `#anchor` does not exist, links written from the
    /// host's root (which break when the site is served under a path), and links that climb out
    /// of the site.
    pub fn broken_links(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (file, url) in self.all_urls() {
            let what = match Reference::resolve(&url.text, file) {
                Reference::External | Reference::NoRequest => continue,
                Reference::RootAbsolute => {
                    "starts at the host's root; write it relative to the page".to_string()
                }
                Reference::OutsideSite => "points above the site's root folder".to_string(),
                Reference::Internal { path, anchor } => match self.find(&path, anchor.as_deref()) {
                    Ok(()) => continue,
                    Err(missing) => missing,
                },
            };
            problems.push(Problem {
                file: file.to_path_buf(),
                what: format!("{} {:?}: {what}", url.found_in, url.text),
            });
        }
        problems
    }

    /// Everything a page or stylesheet would fetch from another host.
    pub fn external_loads(&self) -> Vec<Problem> {
        self.all_urls()
            .filter(|(file, url)| {
                url.used_as == Use::Load
                    && Reference::resolve(&url.text, file) == Reference::External
            })
            .map(|(file, url)| Problem {
                file: file.to_path_buf(),
                what: format!("{} {:?} loads from another host", url.found_in, url.text),
            })
            .collect()
    }

    /// Every complaint of the HTML parser, on every page, but those of mdBook's known defect
    /// (see [`Page::upstream_errors`]).
    pub fn parse_errors(&self) -> Vec<Problem> {
        self.pages
            .iter()
            .filter(|(file, page)| page.upstream_errors(file) < page.parse_errors.len())
            .flat_map(|(file, page)| {
                page.parse_errors.iter().map(|error| Problem {
                    file: file.clone(),
                    what: format!("HTML: {error}"),
                })
            })
            .collect()
    }

    /// Fails, listing every problem, unless the links resolve, nothing loads from another host
    /// and every page parses.
    pub fn ensure_sound(&self) -> Result<()> {
        let problems: Vec<Problem> = [
            self.broken_links(),
            self.external_loads(),
            self.parse_errors(),
        ]
        .into_iter()
        .flatten()
        .collect();
        if problems.is_empty() {
            return Ok(());
        }
        let mut message = format!("the built site has {} problem(s):", problems.len());
        for problem in &problems {
            message.push_str(&format!("\n  - {problem}"));
        }
        bail!(message)
    }

    /// Every URL of every page and stylesheet, with the file it is in.
    fn all_urls(&self) -> impl Iterator<Item = (&Path, std::borrow::Cow<'_, Url>)> {
        let in_pages = self.pages.iter().flat_map(|(file, page)| {
            page.urls
                .iter()
                .map(move |url| (file.as_path(), std::borrow::Cow::Borrowed(url)))
        });
        let in_stylesheets = self.stylesheets.iter().flat_map(|(file, urls)| {
            urls.iter().map(move |text| {
                let url = Url {
                    text: text.clone(),
                    used_as: Use::Load,
                    found_in: "url()".to_string(),
                };
                (file.as_path(), std::borrow::Cow::Owned(url))
            })
        });
        in_pages.chain(in_stylesheets)
    }

    /// Whether the site has the file at `path`, and the page there has `anchor`.
    fn find(&self, path: &Path, anchor: Option<&str>) -> Result<(), String> {
        let file = if path.as_os_str().is_empty()
            || path.to_string_lossy().ends_with('/')
            || self.is_dir(path)
        {
            path.join("index.html")
        } else {
            path.to_path_buf()
        };
        if !self.files.contains(&file) {
            return Err(format!("there is no {}", file.display()));
        }
        match (anchor, self.pages.get(&file)) {
            (Some(anchor), Some(page)) if !has_anchor(page, anchor) => {
                Err(format!("{} has no anchor #{anchor}", file.display()))
            }
            _ => Ok(()),
        }
    }

    fn is_dir(&self, path: &Path) -> bool {
        !self.files.contains(path) && self.files.contains(&path.join("index.html"))
    }
}

/// Whether `#anchor` leads somewhere on `page`: the top for an empty one, else an element whose
/// id (or name) is the anchor as written or percent-decoded, as browsers match it. rustdoc's
/// source pages also take a line range, `#12-20`, whose lines are ids.
fn has_anchor(page: &Page, anchor: &str) -> bool {
    if anchor.is_empty()
        || page.anchors.contains(anchor)
        || page.anchors.contains(&reference::decode(anchor))
    {
        return true;
    }
    match anchor.split_once('-') {
        Some((first, last)) if is_line(first) && is_line(last) => {
            page.anchors.contains(first) && page.anchors.contains(last)
        }
        _ => false,
    }
}

fn is_line(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("could not read {}", path.display()))
}
