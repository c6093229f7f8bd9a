//! A `use super::*;` the rewrite leaves unused: an inline module whose only names from its parent were 2.x items
//! that the rewrite writes out in full (`workerpool::v2::Pool`) or removes. Left in place it is an unused import, an
//! error under `#![deny(warnings)]`, so it goes too.

use std::collections::{HashMap, HashSet};

use quote::ToTokens;
use syn::{Item, UseTree};

use super::imports;
use crate::edit::{self, Edit};
use crate::source::Source;

/// Edits that remove the `use super::*;` items of `source` which `edits` leave without a use: the module named, before
/// the rewrite, something its parent declares or imports, and names none of it after. A parent whose names cannot all
/// be listed (it imports with a glob, defines a trait, or imports a name that may be a trait, whose methods need no
/// name) keeps its children's globs. The offsets of the removed items come with the edits, for the report.
pub fn orphaned_globs(source: &Source, syntax: &syn::File, edits: &[Edit]) -> Vec<(usize, Edit)> {
    let text = &source.text;
    let mut globs = Vec::new();
    find_globs(&syntax.items, &mut Vec::new(), &mut globs);
    if globs.is_empty() {
        return Vec::new();
    }
    let Ok(new) = edit::apply(text, edits.to_vec()) else {
        return Vec::new();
    };
    let Ok(new_syntax) = syn::parse_file(&new) else {
        return Vec::new();
    };
    let mut after = HashMap::new();
    module_names(&new_syntax.items, &mut Vec::new(), &mut after);
    let mut before = HashMap::new();
    module_names(&syntax.items, &mut Vec::new(), &mut before);
    globs
        .into_iter()
        .filter(|glob| {
            let Some(parent) = &glob.parent else {
                return false;
            };
            let used = |names: &HashMap<Vec<String>, Vec<String>>| {
                names
                    .get(&glob.module)
                    .is_some_and(|n| n.iter().any(|name| parent.contains(name)))
            };
            used(&before) && after.contains_key(&glob.module) && !used(&after)
        })
        .map(|glob| {
            let item = source.range(glob.item);
            let mut lines = imports::whole_lines(text, item.clone());
            // Right after the module's `{`, the blank line that set the import apart goes with it.
            let rest = &text[lines.end..];
            let blank = rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
            if text[..lines.start].trim_end().ends_with('{') && rest[blank..].starts_with('\n') {
                lines.end += blank + 1;
            }
            (item.start, Edit::delete(lines))
        })
        .collect()
}

/// A `use super::*;` of an inline module.
struct Glob {
    /// The module's path in the file.
    module: Vec<String>,
    /// The whole `use` item.
    item: proc_macro2::Span,
    /// Every name the parent declares or imports; None when they cannot all be listed.
    parent: Option<HashSet<String>>,
}

/// The `use super::*;` items (alone in their item) of the inline modules of `items`, whose path is `path`.
fn find_globs(items: &[Item], path: &mut Vec<String>, out: &mut Vec<Glob>) {
    for item in items {
        let Item::Mod(m) = item else { continue };
        let Some((_, inner)) = &m.content else {
            continue;
        };
        path.push(m.ident.to_string());
        for child in inner {
            if let Item::Use(u) = child
                && u.leading_colon.is_none()
                && matches!(&u.tree, UseTree::Path(p) if p.ident == "super" && matches!(&*p.tree, UseTree::Glob(_)))
            {
                out.push(Glob {
                    module: path.clone(),
                    item: syn::spanned::Spanned::span(u),
                    parent: declared_names(items),
                });
            }
        }
        find_globs(inner, path, out);
        path.pop();
    }
}

/// The names `items` declare or import, or None when a glob or a trait may bring in more than they show.
fn declared_names(items: &[Item]) -> Option<HashSet<String>> {
    let mut names = HashSet::new();
    for item in items {
        let ident = match item {
            Item::Fn(f) => Some(&f.sig.ident),
            Item::Struct(s) => Some(&s.ident),
            Item::Enum(e) => Some(&e.ident),
            Item::Union(u) => Some(&u.ident),
            Item::Type(t) => Some(&t.ident),
            Item::Const(c) => Some(&c.ident),
            Item::Static(s) => Some(&s.ident),
            Item::Mod(m) => Some(&m.ident),
            Item::Macro(m) => m.ident.as_ref(),
            Item::Trait(_) | Item::TraitAlias(_) => return None,
            Item::Use(u) => {
                let workerpool = matches!(&u.tree, UseTree::Path(p) if p.ident == "workerpool");
                if !use_names(&u.tree, workerpool, &mut names) {
                    return None;
                }
                None
            }
            _ => None,
        };
        names.extend(ident.map(ToString::to_string));
    }
    Some(names)
}

/// Adds the names `tree` brings in; false when it is a glob or may bring in a trait (a capitalised name from
/// anywhere but workerpool, whose 2.x items are no traits).
fn use_names(tree: &UseTree, workerpool: bool, out: &mut HashSet<String>) -> bool {
    let mut add = |ident: &syn::Ident, name: &syn::Ident| {
        let upper = ident.to_string().starts_with(char::is_uppercase);
        out.insert(name.to_string());
        workerpool || !upper
    };
    match tree {
        UseTree::Path(p) => use_names(&p.tree, workerpool, out),
        UseTree::Name(n) => add(&n.ident, &n.ident),
        UseTree::Rename(r) => add(&r.ident, &r.rename),
        UseTree::Glob(_) => false,
        UseTree::Group(g) => g.items.iter().all(|t| use_names(t, workerpool, out)),
    }
}

/// The bare names (see [`imports::bare_names`]) each inline module of `items` uses, by path.
fn module_names(
    items: &[Item],
    path: &mut Vec<String>,
    out: &mut HashMap<Vec<String>, Vec<String>>,
) {
    for item in items {
        let Item::Mod(m) = item else { continue };
        let Some((_, inner)) = &m.content else {
            continue;
        };
        path.push(m.ident.to_string());
        let text: String = inner
            .iter()
            .map(|i| i.to_token_stream().to_string())
            .collect::<Vec<_>>()
            .join("\n");
        out.insert(path.clone(), imports::bare_names(&text));
        module_names(inner, path, out);
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` after `edits` and the removal of the globs they leave unused.
    fn removed(text: &str, edits: Vec<Edit>) -> String {
        let source =
            Source::from_bytes(std::path::Path::new("t.rs"), text.as_bytes().to_vec()).unwrap();
        let syntax = source.parse().unwrap();
        let mut all = edits.clone();
        all.extend(
            orphaned_globs(&source, &syntax, &edits)
                .into_iter()
                .map(|(_, e)| e),
        );
        edit::apply(text, all).unwrap()
    }

    #[test]
    fn a_glob_goes_once_its_only_name_is_written_in_full() {
        let text = "use workerpool::Pool;\nfn run() {}\nmod a {\n    use super::*;\n\n    fn f() { Pool::new(1); }\n}\nmod b {\n    use super::*;\n    fn g() { Pool::new(1); run(); }\n}\n";
        let full = |at: &str| {
            let start = text.find(at).unwrap();
            Edit::replace(start..start + 4, "workerpool::v2::Pool")
        };
        let edits = vec![full("Pool::new(1); }"), full("Pool::new(1); run")];
        expect_test::expect![[r#"
            use workerpool::Pool;
            fn run() {}
            mod a {
                fn f() { workerpool::v2::Pool::new(1); }
            }
            mod b {
                use super::*;
                fn g() { workerpool::v2::Pool::new(1); run(); }
            }
        "#]]
        .assert_eq(&removed(text, edits));
    }

    #[test]
    fn a_glob_stays_where_the_parent_may_bring_a_trait_or_the_glob_was_unused_already() {
        // `Write` may be a trait whose methods `a` calls; `b` named nothing of its parent before the rewrite either.
        let text = "use std::io::Write;\nuse workerpool::Pool;\nmod a {\n    use super::*;\n    fn f() { Pool::new(1); }\n}\nmod b {\n    use super::*;\n    fn g() {}\n}\n";
        let start = text.find("Pool::new").unwrap();
        let edits = vec![Edit::replace(start..start + 4, "workerpool::v2::Pool")];
        let out = removed(text, edits);
        assert_eq!(out.matches("use super::*;").count(), 2, "{out}");
    }
}
