//! Name resolution for job types: the names each module of each file can use (its items and imports), so that
//! the analysis can tell whether a job type written in one place means the same type at another.

use std::collections::HashMap;

use syn::{Item, UseTree};

use super::model::FileId;

/// A module of the crate: a file, and the path of an inline `mod` inside it ("" at the file's top level).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleId {
    /// The file.
    pub file: FileId,
    /// Inline module path, `a::b`.
    pub module: String,
}

impl ModuleId {
    /// The module `module` of file `file`.
    pub fn new(file: FileId, module: &str) -> ModuleId {
        ModuleId {
            file,
            module: module.to_string(),
        }
    }
}

/// What a name means in a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Meaning {
    /// An item (struct, enum, type alias) defined in that module.
    Item(ModuleId, String),
    /// An import of that path.
    Import(String),
}

/// Names usable in each module: module -> name -> what it means.
pub type ScopeNames = HashMap<ModuleId, HashMap<String, Meaning>>;

/// The names each module of each file can use (imports and items), to tell where a job type can be written.
pub fn scope_names(files: &[&syn::File]) -> ScopeNames {
    fn walk(
        file: FileId,
        module: &str,
        items: &[Item],
        parent: Option<&HashMap<String, Meaning>>,
        out: &mut ScopeNames,
    ) {
        let mut here = HashMap::new();
        for item in items {
            match item {
                Item::Use(u) => use_names(&u.tree, String::new(), &mut here, parent),
                Item::Struct(s) => {
                    here.insert(
                        s.ident.to_string(),
                        Meaning::Item(ModuleId::new(file, module), s.ident.to_string()),
                    );
                }
                Item::Enum(e) => {
                    here.insert(
                        e.ident.to_string(),
                        Meaning::Item(ModuleId::new(file, module), e.ident.to_string()),
                    );
                }
                Item::Type(t) => {
                    here.insert(
                        t.ident.to_string(),
                        Meaning::Item(ModuleId::new(file, module), t.ident.to_string()),
                    );
                }
                _ => {}
            }
        }
        for item in items {
            if let Item::Mod(m) = item
                && let Some((_, inner)) = &m.content
            {
                let path = if module.is_empty() {
                    m.ident.to_string()
                } else {
                    format!("{module}::{}", m.ident)
                };
                walk(file, &path, inner, Some(&here), out);
            }
        }
        out.insert(ModuleId::new(file, module), here);
    }
    fn use_names(
        tree: &UseTree,
        prefix: String,
        out: &mut HashMap<String, Meaning>,
        parent: Option<&HashMap<String, Meaning>>,
    ) {
        let join = |p: &str, s: &str| {
            if p.is_empty() {
                s.to_string()
            } else {
                format!("{p}::{s}")
            }
        };
        match tree {
            UseTree::Path(p) => {
                use_names(&p.tree, join(&prefix, &p.ident.to_string()), out, parent)
            }
            UseTree::Name(n) => {
                out.insert(
                    n.ident.to_string(),
                    Meaning::Import(join(&prefix, &n.ident.to_string())),
                );
            }
            UseTree::Rename(r) => {
                out.insert(
                    r.rename.to_string(),
                    Meaning::Import(join(&prefix, &r.ident.to_string())),
                );
            }
            UseTree::Glob(_) if prefix == "super" => {
                if let Some(parent) = parent {
                    out.extend(parent.iter().map(|(k, v)| (k.clone(), v.clone())));
                }
            }
            UseTree::Glob(_) => {}
            UseTree::Group(g) => {
                for t in &g.items {
                    use_names(t, prefix.clone(), out, parent);
                }
            }
        }
    }
    let mut out = ScopeNames::new();
    for (i, f) in files.iter().enumerate() {
        walk(FileId(i), "", &f.items, None, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_module_sees_its_items_imports_and_what_use_super_glob_brings() {
        let file = syn::parse_file(
            "use std::sync::mpsc::Sender as Tx;\nstruct Job;\nmod inner {\n    use super::*;\n    enum Local {}\n}\nmod apart {\n    type Job = u8;\n}\n",
        )
        .unwrap();
        let names = scope_names(&[&file]);
        let mut lines: Vec<String> = names
            .iter()
            .flat_map(|(scope, names)| {
                names
                    .iter()
                    .map(move |(n, m)| format!("{}:{:?} {n} = {m:?}", scope.file.0, scope.module))
            })
            .collect();
        lines.sort();
        expect_test::expect![[r#"
            0:"" Job = Item(ModuleId { file: FileId(0), module: "" }, "Job")
            0:"" Tx = Import("std::sync::mpsc::Sender")
            0:"apart" Job = Item(ModuleId { file: FileId(0), module: "apart" }, "Job")
            0:"inner" Job = Item(ModuleId { file: FileId(0), module: "" }, "Job")
            0:"inner" Local = Item(ModuleId { file: FileId(0), module: "inner" }, "Local")
            0:"inner" Tx = Import("std::sync::mpsc::Sender")
        "#]]
        .assert_eq(&(lines.join("\n") + "\n"));
    }
}
