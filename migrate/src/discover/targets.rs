//! The crate roots of a package as cargo sees them (library, binaries, examples, tests, benches, build script),
//! each with the module files it declares.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

use crate::source::Source;

/// One target of a package: a crate root and the files of its module tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `lib`, `bin`, `example`, `test`, `bench` or `build`.
    pub kind: &'static str,
    /// The target's crate name as code names it (`my_lib` for the package `my-lib`).
    pub name: String,
    /// The crate root, under the package's directory.
    pub root: PathBuf,
    /// The root, then every file its `mod name;` items (`#[path]` included) reach, that exists.
    pub files: Vec<PathBuf>,
}

/// The targets of the package whose manifest is `manifest`, as cargo itself lists them (`cargo metadata
/// --no-deps`: the manifest's `[lib]`, `[[bin]]`, ... entries, the `auto*` keys, the standard layout and the
/// build script, as this cargo reads them), each with its module files. A file two targets share is listed in
/// both. The error is cargo's own message, for the report.
pub fn targets(manifest: &Path) -> Result<Vec<Target>, String> {
    let metadata = cargo_metadata::MetadataCommand::new()
        .manifest_path(manifest)
        .no_deps()
        .other_options(vec!["--offline".to_string()])
        .exec()
        .map_err(|e| match e {
            cargo_metadata::Error::CargoMetadata { stderr } => cargo_error(&stderr),
            other => other.to_string(),
        })?;
    let wanted = std::path::absolute(manifest).unwrap_or_else(|_| manifest.to_path_buf());
    let same = |p: &Path| p.canonicalize().ok() == wanted.canonicalize().ok();
    let package = metadata
        .packages
        .iter()
        .find(|p| same(p.manifest_path.as_std_path()))
        .ok_or_else(|| {
            format!(
                "cargo metadata does not list the package of {}",
                manifest.display()
            )
        })?;
    let mut out: Vec<Target> = Vec::new();
    for target in &package.targets {
        let root = target.src_path.clone().into_std_path_buf();
        if !root.is_file() || out.iter().any(|t| t.root == root) {
            continue;
        }
        let files = modules(&root);
        let name = target.name.replace('-', "_");
        out.push(Target {
            kind: kind(target),
            name,
            root,
            files,
        });
    }
    Ok(out)
}

/// The kind of a target as the report names it.
fn kind(target: &cargo_metadata::Target) -> &'static str {
    if target.is_custom_build() {
        "build"
    } else if target.is_example() {
        "example"
    } else if target.is_test() {
        "test"
    } else if target.is_bench() {
        "bench"
    } else if target.is_bin() {
        "bin"
    } else {
        "lib"
    }
}

/// Cargo's error in one line: what failed, then each cause (`failed to parse manifest at ..: missing field ..`).
fn cargo_error(stderr: &str) -> String {
    stderr
        .lines()
        .map(|l| l.trim().trim_start_matches("error:").trim())
        .filter(|l| !l.is_empty() && *l != "Caused by:")
        .collect::<Vec<_>>()
        .join(": ")
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
        let Some(syntax) = Source::load(&file).ok().and_then(|s| s.parse().ok()) else {
            continue;
        };
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
pub(crate) mod tests {
    use super::*;
    use std::fs;

    const MANIFEST: &str =
        "[package]\nname = \"my-app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";

    /// A package of `manifest` and `files` (path, text) in a temporary directory.
    pub(crate) fn package(manifest: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    /// Each target as `kind name: files`, paths relative to the package, sorted.
    fn listed(dir: &Path) -> Vec<String> {
        let dir = dir.canonicalize().unwrap();
        let rel = |p: &Path| p.strip_prefix(&dir).unwrap().display().to_string();
        let mut out: Vec<String> = targets(&dir.join("Cargo.toml"))
            .unwrap()
            .iter()
            .map(|t| {
                let files: Vec<String> = t.files.iter().map(|f| rel(f)).collect();
                format!("{} {}: {}", t.kind, t.name, files.join(" "))
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn finds_every_target_of_the_standard_layout_with_its_modules() {
        let dir = package(
            MANIFEST,
            &[
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
            ],
        );
        assert_eq!(
            listed(dir.path()),
            [
                "bench speed: benches/speed.rs",
                "bin a: src/bin/a.rs src/bin/shared.rs",
                "bin b: src/bin/b/main.rs common/util.rs",
                "bin my_app: src/main.rs src/cli.rs",
                // As cargo does: every src/bin/*.rs is a binary, even one another binary declares as a module.
                "bin shared: src/bin/shared.rs",
                "build build_script_build: build.rs",
                "example demo: examples/demo.rs",
                "lib my_app: src/lib.rs src/a.rs src/b/mod.rs src/c/d.rs src/a/inner.rs src/b/deep.rs",
                "test smoke: tests/smoke.rs tests/common/mod.rs",
            ]
        );
    }

    #[test]
    fn manifest_entries_add_paths_and_auto_keys_remove_layout_targets() {
        let manifest = format!(
            "{MANIFEST}autotests = false\n\n[lib]\nname = \"core\"\npath = \"lib/core.rs\"\n\n\
             [[test]]\nname = \"it\"\npath = \"checks/it.rs\"\n\n[[bin]]\nname = \"tool\"\npath = \"tools/tool.rs\"\n"
        );
        let dir = package(
            &manifest,
            &[
                ("lib/core.rs", ""),
                ("tools/tool.rs", "fn main() {}\n"),
                ("tests/smoke.rs", ""),
                ("checks/it.rs", ""),
            ],
        );
        assert_eq!(
            listed(dir.path()),
            [
                "bin tool: tools/tool.rs",
                "lib core: lib/core.rs",
                "test it: checks/it.rs"
            ]
        );
    }

    #[test]
    fn a_manifest_cargo_rejects_is_cargo_s_error() {
        let dir = package("[package]\nversion = \"0.1.0\"\n", &[("src/lib.rs", "")]);
        let error = targets(&dir.path().join("Cargo.toml")).unwrap_err();
        assert!(error.contains("name"), "{error}");
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
