//! The crate roots of a package as cargo sees them (library, binaries, examples, tests, benches, build script),
//! each with the module files it declares.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use crate::manifest::Layout;
use crate::source::Source;

/// One target of a package: a crate root and the files of its module tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `lib`, `bin`, `example`, `test`, `bench` or `build`.
    pub kind: &'static str,
    /// The crate root, under the package's directory.
    pub root: PathBuf,
    /// The root, then every file its `mod name;` items (`#[path]` included) reach, that exists.
    pub files: Vec<PathBuf>,
}

/// The targets of the package in `package` (its directory), as cargo finds them: from `layout` (the manifest's
/// `[lib]`, `[[bin]]`, ... entries and `auto*` keys) and from the standard layout (`src/lib.rs`, `src/main.rs`,
/// `src/bin/*.rs`, `src/bin/*/main.rs`, the same under `examples/`, `tests/` and `benches/`, and `build.rs`).
/// A file two targets share is listed in both.
pub fn targets(package: &Path, layout: &Layout) -> Vec<Target> {
    let mut roots: Vec<(&'static str, PathBuf)> = Vec::new();
    let lib = layout.lib_path.as_deref().unwrap_or("src/lib.rs");
    roots.push(("lib", package.join(lib)));
    for (kind, name, path) in &layout.declared {
        match (path, name) {
            (Some(path), _) => roots.push((kind, package.join(path))),
            (None, Some(name)) => {
                let dir = package.join(kind_dir(kind));
                roots.push((kind, dir.join(format!("{name}.rs"))));
                roots.push((kind, dir.join(name).join("main.rs")));
                if *kind == "bin" && layout.package.as_ref() == Some(name) {
                    roots.push((kind, package.join("src/main.rs")));
                }
            }
            (None, None) => {}
        }
    }
    for kind in ["bin", "example", "test", "bench"] {
        if layout.no_auto.contains(&kind) {
            continue;
        }
        if kind == "bin" {
            roots.push((kind, package.join("src/main.rs")));
        }
        roots.extend(by_layout(&package.join(kind_dir(kind))).map(|p| (kind, p)));
    }
    match &layout.build {
        None => roots.push(("build", package.join("build.rs"))),
        Some(Some(path)) => roots.push(("build", package.join(path))),
        Some(None) => {}
    }
    let mut out: Vec<Target> = Vec::new();
    for (kind, root) in roots {
        if root.is_file() && !out.iter().any(|t| t.root == root) {
            let files = modules(&root);
            out.push(Target { kind, root, files });
        }
    }
    out
}

/// Where cargo looks for targets of `kind` by layout.
fn kind_dir(kind: &str) -> &'static str {
    match kind {
        "bin" => "src/bin",
        "example" => "examples",
        "test" => "tests",
        _ => "benches",
    }
}

/// `dir/*.rs` and `dir/*/main.rs`, sorted.
fn by_layout(dir: &Path) -> impl Iterator<Item = PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter_map(|p| {
            if p.is_dir() {
                Some(p.join("main.rs")).filter(|m| m.is_file())
            } else {
                Some(p).filter(|p| p.extension().is_some_and(|x| x == "rs"))
            }
        })
        .collect();
    found.sort();
    found.into_iter()
}

/// `root` and the files of the modules it declares, recursively, as rustc finds them: `mod x;` in a crate root or
/// a `mod.rs` (or a file reached through `#[path]`) is `x.rs` or `x/mod.rs` beside it, in another file `a.rs`
/// it is under `a/`; `#[path = ".."]` is relative to the declaring file's directory. Files that do not exist,
/// cannot be read or do not parse add nothing (loading them reports why).
pub fn modules(root: &Path) -> Vec<PathBuf> {
    // (file, whether it owns its directory as a crate root or mod.rs does)
    let mut files = vec![(root.to_path_buf(), true)];
    let mut next = 0;
    while next < files.len() {
        let (file, owns_dir) = files[next].clone();
        next += 1;
        let Ok(syntax) = Source::load(&file).map(|s| s.parse()) else {
            continue;
        };
        let Ok(syntax) = syntax else { continue };
        let here = file.parent().unwrap_or(Path::new("")).to_path_buf();
        let dir = if owns_dir {
            here.clone()
        } else {
            here.join(file.file_stem().unwrap_or_default())
        };
        let mut found = Vec::new();
        declared(&syntax.items, &dir, Some(&here), &mut found);
        for f in found {
            if !files.iter().any(|(known, _)| *known == f.0) {
                files.push(f);
            }
        }
    }
    files.into_iter().map(|(f, _)| f).collect()
}

/// The module files `items` declare, `dir` being where `mod x;` looks and `here` (outside inline modules) where
/// `#[path]` is relative to.
fn declared(items: &[syn::Item], dir: &Path, here: Option<&Path>, out: &mut Vec<(PathBuf, bool)>) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let name = m.ident.to_string();
        let name = name.trim_start_matches("r#");
        let path = path_attribute(&m.attrs);
        match &m.content {
            Some((_, inner)) => {
                let sub = dir.join(path.as_deref().unwrap_or(name));
                declared(inner, &sub, None, out);
            }
            None => match path {
                Some(p) => {
                    let file = lexical(&here.unwrap_or(dir).join(p));
                    if file.is_file() {
                        out.push((file, true));
                    }
                }
                None => {
                    let flat = dir.join(format!("{name}.rs"));
                    if flat.is_file() {
                        out.push((flat, false));
                    } else {
                        let nested = dir.join(name).join("mod.rs");
                        if nested.is_file() {
                            out.push((nested, true));
                        }
                    }
                }
            },
        }
    }
}

/// `path` with `dir/..` pairs folded away, as a person would write it (`src/bin/../common.rs` is
/// `src/common.rs`).
fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The value of `#[path = ".."]`.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Whether `text` has the identifier `name` as a token (comments and strings do not count).
pub fn mentions(text: &str, name: &str) -> bool {
    fn scan(tokens: TokenStream, name: &str) -> bool {
        tokens.into_iter().any(|t| match t {
            TokenTree::Ident(id) => id == name,
            TokenTree::Group(g) => scan(g.stream(), name),
            _ => false,
        })
    }
    parsed_tokens(text).is_some_and(|t| scan(t, name))
}

/// Whether `text` names the crate `name` in a path (`name::App`, `use name::{..}`) or an `extern crate name`; a
/// local variable of that name does not count.
pub fn names_crate(text: &str, name: &str) -> bool {
    fn scan(tokens: TokenStream, name: &str) -> bool {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let punct = |i: usize, c: char| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let ident = |i: usize, word: &str| matches!(tokens.get(i), Some(TokenTree::Ident(id)) if id == word);
        (0..tokens.len()).any(|i| match &tokens[i] {
            TokenTree::Ident(id) if id == name => {
                (punct(i + 1, ':') && punct(i + 2, ':'))
                    || (i >= 2 && ident(i - 1, "crate") && ident(i - 2, "extern"))
            }
            TokenTree::Group(g) => scan(g.stream(), name),
            _ => false,
        })
    }
    parsed_tokens(text).is_some_and(|t| scan(t, name))
}

/// The tokens of `text` as the parser sees it (a shebang or BOM does not tokenize).
fn parsed_tokens(text: &str) -> Option<TokenStream> {
    Source::from_bytes(Path::new(""), text.as_bytes().to_vec())
        .ok()
        .and_then(|s| TokenStream::from_str(s.parsed_text()).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    /// Each target as `kind root: files`, paths relative to the package.
    fn listed(dir: &Path, layout: &Layout) -> Vec<String> {
        let rel = |p: &Path| p.strip_prefix(dir).unwrap().display().to_string();
        targets(dir, layout)
            .iter()
            .map(|t| {
                let files: Vec<String> = t.files.iter().map(|f| rel(f)).collect();
                format!("{} {}", t.kind, files.join(" "))
            })
            .collect()
    }

    #[test]
    fn finds_every_target_of_the_standard_layout_with_its_modules() {
        let dir = package(&[
            ("src/lib.rs", "mod a;\nmod b;\npub mod c { mod d; }\n"),
            ("src/a.rs", "mod inner;\n"),
            ("src/a/inner.rs", ""),
            ("src/b/mod.rs", "mod deep;\n"),
            ("src/b/deep.rs", ""),
            ("src/c/d.rs", ""),
            ("src/main.rs", "mod cli;\nfn main() {}\n"),
            ("src/cli.rs", ""),
            ("src/bin/a.rs", "mod shared;\nfn main() {}\n"),
            ("src/bin/shared.rs", ""),
            (
                "src/bin/b/main.rs",
                "#[path = \"../../../common/util.rs\"]\nmod util;\n#[path = \"missing.rs\"]\nmod gone;\nfn main() {}\n",
            ),
            ("common/util.rs", ""),
            ("examples/demo.rs", "fn main() {}\n"),
            ("tests/smoke.rs", "mod common;\n"),
            ("tests/common/mod.rs", ""),
            ("benches/speed.rs", ""),
            ("build.rs", "fn main() {}\n"),
            ("notes.txt", ""),
        ]);
        assert_eq!(
            listed(dir.path(), &Layout::default()),
            [
                "lib src/lib.rs src/a.rs src/b/mod.rs src/c/d.rs src/a/inner.rs src/b/deep.rs",
                "bin src/main.rs src/cli.rs",
                "bin src/bin/a.rs src/bin/shared.rs",
                "bin src/bin/b/main.rs common/util.rs",
                // As cargo does: every src/bin/*.rs is a binary, even one another binary declares as a module.
                "bin src/bin/shared.rs",
                "example examples/demo.rs",
                "test tests/smoke.rs tests/common/mod.rs",
                "bench benches/speed.rs",
                "build build.rs",
            ]
        );
    }

    #[test]
    fn manifest_entries_add_paths_and_auto_keys_remove_layout_targets() {
        let dir = package(&[
            ("lib/core.rs", ""),
            ("tools/tool.rs", "fn main() {}\n"),
            ("tests/smoke.rs", ""),
            ("checks/it.rs", ""),
        ]);
        let layout = Layout {
            lib_path: Some("lib/core.rs".into()),
            declared: vec![
                ("test", Some("it".into()), Some("checks/it.rs".into())),
                ("bin", None, Some("tools/tool.rs".into())),
            ],
            no_auto: vec!["test"],
            ..Layout::default()
        };
        assert_eq!(
            listed(dir.path(), &layout),
            ["lib lib/core.rs", "test checks/it.rs", "bin tools/tool.rs"]
        );
    }

    #[test]
    fn mentions_counts_tokens_not_comments_or_strings() {
        assert!(mentions("use workerpool::Pool;", "workerpool"));
        assert!(mentions(
            "#!/usr/bin/env x\nfn f() { workerpool::v2::Pool::new(1); }",
            "workerpool"
        ));
        assert!(!mentions(
            "// workerpool\nfn f() { let s = \"workerpool\"; }",
            "workerpool"
        ));
    }

    #[test]
    fn names_crate_counts_paths_and_extern_crate_not_variables() {
        assert!(names_crate("fn main() { let a = app::start(); }", "app"));
        assert!(names_crate("use app::{App, start};", "app"));
        assert!(names_crate("extern crate app;", "app"));
        assert!(names_crate("fn f() { ::app::run(); }", "app"));
        assert!(!names_crate(
            "fn main() { let app = start(); app.run(); }",
            "app"
        ));
        assert!(!names_crate("// app::start()\nfn main() {}", "app"));
    }
}
