//! Links into the API docs point at items that exist, and the API page names every method.
//!
//! The site puts the book under `book/` and rustdoc's output under `api/`, so a chapter links
//! to `../api/workerpool/struct.Pool.html#method.delegate` (one more `../` from `guide/`).
//! What rustdoc would write is read from the library's source with `syn`: the items
//! `lib.rs` re-exports, their public inherent methods, and the variants of its enums.

use super::{chapters, links, resolve};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Where rustdoc's pages for the crate are, relative to the site's root.
const API_ROOT: &str = "api/workerpool/";

/// The public items of `workerpool`, as rustdoc pages: `struct.Pool.html` and the anchors
/// (`method.delegate`, `variant.Stopped`) on each.
struct Api {
    pages: BTreeMap<String, BTreeSet<String>>,
}

impl Api {
    fn read() -> Api {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workerpool/src");
        let lib = parse_file(&src.join("lib.rs"));
        let exported = reexported_names(&lib);
        let mut kinds: BTreeMap<String, &'static str> = BTreeMap::new();
        let mut anchors: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for path in crate_sources(&src) {
            for item in parse_file(&path).items {
                collect(&item, &mut kinds, &mut anchors);
            }
        }
        let pages = kinds
            .into_iter()
            .filter(|(name, _)| exported.contains(name))
            .map(|(name, kind)| {
                let anchors = anchors.remove(&name).unwrap_or_default();
                (format!("{kind}.{name}.html"), anchors)
            })
            .collect();
        Api { pages }
    }

    /// The public methods of the item whose page is `page`.
    fn methods(&self, page: &str) -> impl Iterator<Item = &str> {
        self.pages[page]
            .iter()
            .filter_map(|anchor| anchor.strip_prefix("method."))
    }
}

/// The `.rs` files under `dir`, private modules' folders (`async_api/`) included. `v2/` is a
/// public module of its own, with pages of its own; the book links none of it.
fn crate_sources(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(dir).expect("workerpool/src is readable") {
        let path = entry.expect("a readable entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "v2") {
                sources.extend(crate_sources(&path));
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            sources.push(path);
        }
    }
    sources
}

fn parse_file(path: &Path) -> syn::File {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    syn::parse_file(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()))
}

/// The names `lib.rs` makes public at the crate's root with `pub use`.
fn reexported_names(lib: &syn::File) -> BTreeSet<String> {
    fn walk(tree: &syn::UseTree, names: &mut BTreeSet<String>) {
        match tree {
            syn::UseTree::Path(path) => walk(&path.tree, names),
            syn::UseTree::Name(name) => {
                names.insert(name.ident.to_string());
            }
            syn::UseTree::Rename(rename) => {
                names.insert(rename.rename.to_string());
            }
            syn::UseTree::Group(group) => group.items.iter().for_each(|t| walk(t, names)),
            syn::UseTree::Glob(_) => {}
        }
    }
    let mut names = BTreeSet::new();
    for item in &lib.items {
        if let syn::Item::Use(item) = item
            && matches!(item.vis, syn::Visibility::Public(_))
        {
            walk(&item.tree, &mut names);
        }
    }
    names
}

fn is_public(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

fn collect(
    item: &syn::Item,
    kinds: &mut BTreeMap<String, &'static str>,
    anchors: &mut BTreeMap<String, BTreeSet<String>>,
) {
    match item {
        syn::Item::Struct(s) if is_public(&s.vis) => {
            kinds.insert(s.ident.to_string(), "struct");
        }
        syn::Item::Enum(e) if is_public(&e.vis) => {
            kinds.insert(e.ident.to_string(), "enum");
            let variants = e.variants.iter().map(|v| format!("variant.{}", v.ident));
            anchors
                .entry(e.ident.to_string())
                .or_default()
                .extend(variants);
        }
        syn::Item::Impl(imp) if imp.trait_.is_none() => {
            let syn::Type::Path(self_ty) = &*imp.self_ty else {
                return;
            };
            let Some(name) = self_ty.path.segments.last().map(|s| s.ident.to_string()) else {
                return;
            };
            let methods = imp.items.iter().filter_map(|item| match item {
                syn::ImplItem::Fn(f) if is_public(&f.vis) => {
                    Some(format!("method.{}", f.sig.ident))
                }
                _ => None,
            });
            anchors.entry(name).or_default().extend(methods);
        }
        _ => {}
    }
}

/// Where a chapter's link points in the site, relative to its root: chapters live under `book/`.
fn site_path(chapter: &str, target: &str) -> String {
    let dir = Path::new("book").join(Path::new(chapter).parent().unwrap_or(Path::new("")));
    resolve(&dir, target)
}

/// Whether `target`, a link of `chapter`, points into the API docs.
pub(super) fn is_api_link(chapter: &str, target: &str) -> bool {
    !target.contains("://") && site_path(chapter, target).starts_with("api/")
}

#[test]
fn links_into_the_api_docs_point_at_items_that_exist() {
    let api = Api::read();
    let mut problems = Vec::new();
    let mut checked = 0;
    for chapter in chapters() {
        for (target, range) in links(&chapter.text) {
            if !is_api_link(&chapter.path, &target) {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let at = chapter.at(&range);
            let Some(page) = site_path(&chapter.path, file)
                .strip_prefix(API_ROOT)
                .map(str::to_owned)
            else {
                problems.push(format!("{at}: `{target}` is not under {API_ROOT}"));
                continue;
            };
            if page == "index.html" && anchor.is_empty() {
                continue;
            }
            match api.pages.get(&page) {
                None => problems.push(format!(
                    "{at}: `{target}`: rustdoc writes no page `{page}`; it writes {:?}",
                    api.pages.keys().collect::<Vec<_>>()
                )),
                Some(anchors) if !anchor.is_empty() && !anchors.contains(anchor) => problems.push(
                    format!("{at}: `{target}`: `{page}` has no `#{anchor}`; it has {anchors:?}"),
                ),
                Some(_) => {}
            }
        }
    }
    assert!(
        checked > 0,
        "the chapters link into the API docs, and this test must see it"
    );
    assert!(
        problems.is_empty(),
        "links into the API docs to fix:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_api_page_links_every_public_method() {
    let api = Api::read();
    let page = chapters()
        .into_iter()
        .find(|c| c.path == "api.md")
        .expect("the book has an API page");
    let linked: BTreeSet<String> = links(&page.text)
        .into_iter()
        .filter(|(target, _)| is_api_link(&page.path, target))
        .map(|(target, _)| site_path(&page.path, &target))
        .collect();
    let mut missing = Vec::new();
    for item in api.pages.keys() {
        for method in api.methods(item) {
            let link = format!("{API_ROOT}{item}#method.{method}");
            if !linked.contains(&link) {
                missing.push(link);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "api.md must list every public method, linked to its docs; missing:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_api_page_states_the_minimum_rust_version_of_the_workspace() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml"))
            .expect("the workspace's Cargo.toml is readable");
    let msrv = manifest
        .lines()
        .find_map(|line| line.trim().strip_prefix("rust-version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("the workspace names its rust-version");
    let page = chapters()
        .into_iter()
        .find(|c| c.path == "api.md")
        .expect("the book has an API page");
    let stated = format!("The minimum supported Rust version is **{msrv}**.");
    assert!(page.text.contains(&stated), "api.md must say: {stated}");
}

#[test]
fn api_links_resolve_from_the_site_layout() {
    assert_eq!(
        site_path("guide/queue.md", "../../api/workerpool/struct.Pool.html"),
        "api/workerpool/struct.Pool.html"
    );
    assert_eq!(
        site_path("api.md", "../api/workerpool/index.html"),
        "api/workerpool/index.html"
    );
    assert!(!is_api_link("guide/queue.md", "stopping.md"));
    // From the book's root, `api/...` would be a page inside the book, not the API docs.
    assert!(!is_api_link("api.md", "api/workerpool/index.html"));
}

#[test]
fn every_chapter_links_the_api_docs() {
    // `methodology.md` is bench-report's page about the benchmarks, not about the API.
    const ABOUT_THE_BENCHMARKS: &str = "methodology.md";
    let unlinked: Vec<String> = chapters()
        .into_iter()
        .filter(|chapter| chapter.path != ABOUT_THE_BENCHMARKS)
        .filter(|chapter| {
            !links(&chapter.text)
                .iter()
                .any(|(target, _)| is_api_link(&chapter.path, target))
        })
        .map(|chapter| chapter.path)
        .collect();
    assert!(
        unlinked.is_empty(),
        "a reader of each chapter must find the API docs from it; no link in: {unlinked:?}"
    );
}
