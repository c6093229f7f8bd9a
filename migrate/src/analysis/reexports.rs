//! Which 2.x names a file imports from a module of the crate that re-exports them (`pub use workerpool::Pool;` in a
//! prelude, `use crate::prelude::*;` where it is used): each means the item, through the re-export's leaf.

use std::collections::HashMap;

use super::names::{CrateImport, Module, Names, Origin, Reexported, V2Item};

/// A 2.x name a module exports: the name, the item, and the leaf that re-exports it.
type Export = (String, V2Item, Origin);

/// Records in each file's [`Names::reexported`] the 2.x names it imports from the crate's modules, through chains
/// of re-exports (`pub use crate::prelude::*;` in the root, `use mylib::*;` in a binary). `modules[i]` is file
/// `i`'s module path from the crate root (`["prelude"]` for `src/prelude.rs`), `library` the name the package's
/// other targets call the library by. A path is resolved as Rust does (`crate::`, `self::`, `super::`, the
/// library's name, a child module); where two modules of one path exist (a binary and the library), the check of
/// the output decides.
pub fn link(modules: &[Vec<String>], library: Option<&str>, names: &mut [Names]) {
    let module_at = |names: &Names, file: usize, offset: usize| -> Vec<String> {
        let inner = names.module_index(offset).unwrap_or(0);
        let mut path = modules[file].clone();
        path.extend(names.module_paths[inner].iter().cloned());
        path
    };
    let mut exports: HashMap<Vec<String>, Vec<Export>> = HashMap::new();
    for (file, n) in names.iter().enumerate() {
        for (u, item) in n.uses.iter().enumerate().filter(|(_, i)| i.reexport) {
            let module = module_at(n, file, item.range.start);
            for (l, leaf) in item.leaves.iter().enumerate() {
                if leaf.module != Module::V2 && !n.root_is_v2 {
                    continue;
                }
                let origin = Origin {
                    file,
                    use_item: u,
                    leaf: l,
                    module: leaf.module,
                };
                let named: Vec<(String, V2Item)> = match (leaf.item, &leaf.alias) {
                    _ if leaf.glob => [V2Item::Pool, V2Item::Worker, V2Item::Error, V2Item::Job]
                        .map(|i| (i.name().to_string(), i))
                        .to_vec(),
                    (Some(i), Some(alias)) => vec![(alias.clone(), i)],
                    _ => Vec::new(),
                };
                let out = exports.entry(module.clone()).or_default();
                out.extend(named.into_iter().map(|(name, i)| (name, i, origin)));
            }
        }
    }
    // A module that re-exports what it imports from another passes it on: repeat until nothing new is learnt.
    let imports: Vec<(usize, Vec<String>, CrateImport)> = names
        .iter()
        .enumerate()
        .flat_map(|(file, n)| {
            n.crate_imports.iter().map(move |import| {
                let here = module_at(n, file, import.container.start);
                (file, here, import.clone())
            })
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for (file, here, import) in &imports {
            let found: Vec<Export> = candidates(&import.path, here, library)
                .iter()
                .filter_map(|m| exports.get(m))
                .flatten()
                .filter(|(name, _, _)| import.name.as_ref().is_none_or(|n| n == name))
                .cloned()
                .collect();
            for (name, item, origin) in found {
                let known_as = import.alias.clone().unwrap_or(name);
                let n = &mut names[*file];
                let new = Reexported {
                    name: known_as.clone(),
                    container: import.container.clone(),
                    item,
                    origin,
                    glob: import.name.is_none(),
                };
                let seen = n.reexported.iter().any(|r| {
                    r.name == new.name && r.container == new.container && r.origin == origin
                });
                if seen {
                    continue;
                }
                // `use crate::prelude::Pool;` imports the 2.x item: it no longer hides one.
                if !new.glob {
                    n.defined
                        .retain(|(d, r)| !(*d == known_as && *r == import.container));
                }
                n.reexported.push(new);
                if import.visible {
                    exports
                        .entry(here.clone())
                        .or_default()
                        .push((known_as, item, origin));
                }
                changed = true;
            }
        }
    }
}

/// The modules the path of a `use` written in module `here` may name (`crate::prelude`, `super::prelude`, `prelude`
/// as a child or, in a crate root, from the root).
pub(super) fn candidates(
    path: &[String],
    here: &[String],
    library: Option<&str>,
) -> Vec<Vec<String>> {
    let Some(first) = path.first().map(|f| f.trim_start_matches("::")) else {
        return Vec::new();
    };
    let joined = |base: &[String], rest: &[String]| -> Vec<String> {
        base.iter().chain(rest).cloned().collect()
    };
    match first {
        "crate" => vec![path[1..].to_vec()],
        "self" => vec![joined(here, &path[1..])],
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            let base = &here[..here.len().saturating_sub(ups)];
            vec![joined(base, &path[ups..])]
        }
        f if Some(f) == library => vec![path[1..].to_vec()],
        _ => vec![joined(here, path), path.to_vec()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;

    /// Each 2.x name the files (`name:text`, separated by `---`) import from another module of the crate, as
    /// `file: name (item) <- file:use item:leaf, glob or named`.
    fn linked(files: &[(&str, &[&str], &str)], library: Option<&str>) -> Vec<String> {
        let sources: Vec<Source> = files
            .iter()
            .map(|(name, _, text)| {
                Source::from_bytes(std::path::Path::new(name), text.as_bytes().to_vec()).unwrap()
            })
            .collect();
        let mut names: Vec<Names> = sources
            .iter()
            .map(|s| Names::collect(s, &s.parse().unwrap(), true, &Default::default()))
            .collect();
        let modules: Vec<Vec<String>> = files
            .iter()
            .map(|(_, m, _)| m.iter().map(|s| s.to_string()).collect())
            .collect();
        link(&modules, library, &mut names);
        let mut out = Vec::new();
        for (i, n) in names.iter().enumerate() {
            for r in &n.reexported {
                out.push(format!(
                    "{}: {} ({:?}) <- {}:{}:{}, {}",
                    files[i].0,
                    r.name,
                    r.item,
                    files[r.origin.file].0,
                    r.origin.use_item,
                    r.origin.leaf,
                    if r.glob { "glob" } else { "named" }
                ));
            }
        }
        out
    }

    #[test]
    fn a_name_a_prelude_re_exports_means_the_item_where_it_is_imported() {
        let prelude = "pub use workerpool::Error as WpError;\npub use workerpool::{Pool as WorkPool, Worker};\npub use crate::image::Image;\n";
        let run =
            "use crate::prelude::*;\nmod report { use crate::prelude::{WorkPool as P, Image}; }\n";
        let main = "mod prelude;\nuse prelude::*;\n";
        let bin = "use imgtool::prelude::Worker;\n";
        let other = "use crate::image::*;\nuse other::prelude::*;\n";
        expect_test::expect![[r#"
            [
                "run.rs: WpError (Error) <- prelude.rs:0:0, glob",
                "run.rs: WorkPool (Pool) <- prelude.rs:1:0, glob",
                "run.rs: Worker (Worker) <- prelude.rs:1:1, glob",
                "run.rs: P (Pool) <- prelude.rs:1:0, named",
                "main.rs: WpError (Error) <- prelude.rs:0:0, glob",
                "main.rs: WorkPool (Pool) <- prelude.rs:1:0, glob",
                "main.rs: Worker (Worker) <- prelude.rs:1:1, glob",
                "bin.rs: Worker (Worker) <- prelude.rs:1:1, named",
            ]
        "#]]
        .assert_debug_eq(&linked(
            &[
                ("prelude.rs", &["prelude"], prelude),
                ("run.rs", &["run"], run),
                ("main.rs", &[], main),
                ("bin.rs", &["bin"], bin),
                ("other.rs", &["other"], other),
            ],
            Some("imgtool"),
        ));
    }

    #[test]
    fn a_re_export_of_a_re_export_passes_the_item_on() {
        // lib.rs re-exports the prelude's names; a test module of lib.rs reaches them through `super::*`.
        let prelude = "pub use workerpool::*;\n";
        let lib = "pub use self::prelude::Pool;\n";
        let tests = "use super::*;\n";
        expect_test::expect![[r#"
            [
                "lib.rs: Pool (Pool) <- prelude.rs:0:0, named",
                "tests.rs: Pool (Pool) <- prelude.rs:0:0, glob",
            ]
        "#]]
        .assert_debug_eq(&linked(
            &[
                ("prelude.rs", &["prelude"], prelude),
                ("lib.rs", &[], lib),
                ("tests.rs", &["tests"], tests),
            ],
            None,
        ));
    }
}
