//! From a type as rustc prints it to a path that resolves everywhere in the crate: rustc prints the crate's own items
//! from its root without `crate::` (`jobs::Order`), other crates' with their name (`std::sync::mpsc::Sender`), and the
//! prelude's and primitives bare (`String`, `u64`).

use std::collections::BTreeSet;

use syn::visit::Visit;

use crate::analysis::always_nameable;

/// How a printed type is written.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    /// The text to write.
    Path(String),
    /// It names single-segment items whose paths rustc trimmed (`Order` for `jobs::Order`): ask again with decoys of
    /// these names, which make them ambiguous, so that rustc prints their paths.
    Trimmed(BTreeSet<String>),
    /// It cannot be written (a closure's type, an `impl Trait`, `{integer}`): why, for the report.
    Unnameable(String),
}

/// How to write `printed` (a type as rustc printed it) at any place of the crate, given the names of the other
/// crates it can see (`externs`), the names already made ambiguous by decoys (`decoyed`; a bare one of those is an
/// item of the crate root), and the type parameters it may name (`parameters`).
pub fn written(
    printed: &str,
    externs: &BTreeSet<String>,
    decoyed: &BTreeSet<String>,
    parameters: &BTreeSet<String>,
) -> Written {
    // An untyped literal nothing else settled is what rustc's fallback makes it.
    let printed = &crate::analysis::bare_trait_objects(printed)
        .replace("{integer}", "i32")
        .replace("{float}", "f64");
    if printed.starts_with('{') {
        let what = printed.trim_matches(['{', '}']);
        let what = if what.starts_with("closure") {
            "a closure, whose type has no name".to_string()
        } else {
            format!("`{what}`, which has no name")
        };
        return Written::Unnameable(what);
    }
    let Ok(ty) = syn::parse_str::<syn::Type>(printed) else {
        return Written::Unnameable(format!(
            "`{printed}`, which this tool cannot read as a type"
        ));
    };
    let mut heads = Heads::default();
    heads.visit_type(&ty);
    if heads.impl_trait {
        return Written::Unnameable(format!(
            "`{printed}`, an `impl Trait` type, which has no name"
        ));
    }
    let mut trimmed = BTreeSet::new();
    let mut inserts = Vec::new();
    for (offset, first, segments) in heads.paths {
        let local = match (segments, first.as_str()) {
            // Names that resolve bare everywhere (the prelude's, the primitives, `std`), and `Self`, `_`, `Fn`.
            (_, name) if externs.contains(name) || always_nameable(name) => false,
            (1, name) if ["Self", "_", "Fn"].contains(&name) || parameters.contains(name) => false,
            (1, name) if !decoyed.contains(name) => {
                trimmed.insert(name.to_string());
                continue;
            }
            _ => true,
        };
        if local {
            inserts.push(offset);
        }
    }
    if !trimmed.is_empty() {
        return Written::Trimmed(trimmed);
    }
    let mut text = printed.to_string();
    for offset in inserts.into_iter().rev() {
        text.insert_str(offset, "crate::");
    }
    Written::Path(text)
}

/// The paths of a type: byte offset, first segment, number of segments.
#[derive(Default)]
struct Heads {
    paths: Vec<(usize, String, usize)>,
    impl_trait: bool,
}

impl<'ast> Visit<'ast> for Heads {
    fn visit_type_path(&mut self, p: &'ast syn::TypePath) {
        if p.qself.is_none()
            && p.path.leading_colon.is_none()
            && let Some(first) = p.path.segments.first()
        {
            // One line: the column is the byte offset (printed types are ASCII paths).
            let offset = first.ident.span().start().column;
            self.paths
                .push((offset, first.ident.to_string(), p.path.segments.len()));
        }
        syn::visit::visit_type_path(self, p);
    }

    fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
        self.impl_trait = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    fn write(printed: &str) -> Written {
        written(
            printed,
            &set(&["serde", "mylib"]),
            &set(&["Order", "Arc"]),
            &set(&["J"]),
        )
    }

    #[test]
    fn the_crates_items_get_crate_others_stay_as_printed() {
        assert_eq!(
            write("jobs::Order"),
            Written::Path("crate::jobs::Order".into())
        );
        assert_eq!(
            write("(u64, std::sync::mpsc::Sender<jobs::Job>)"),
            Written::Path("(u64, std::sync::mpsc::Sender<crate::jobs::Job>)".into())
        );
        assert_eq!(write("Vec<String>"), Written::Path("Vec<String>".into()));
        assert_eq!(write("mylib::Order"), Written::Path("mylib::Order".into()));
        assert_eq!(write("Order"), Written::Path("crate::Order".into()));
        assert_eq!(write("J"), Written::Path("J".into()));
        assert_eq!(write("{integer}"), Written::Path("i32".into()));
        assert_eq!(
            write("(String, {float}, Vec<{integer}>)"),
            Written::Path("(String, f64, Vec<i32>)".into()),
            "an untyped literal nothing else settles is what rustc makes it"
        );
        assert_eq!(write("&'static str"), Written::Path("&'static str".into()));
        assert_eq!(
            write("Box<(dyn FnOnce() + Send + 'static)>"),
            Written::Path("Box<dyn FnOnce() + Send>".into()),
            "as a type argument, a trait object needs no parentheses, and 'static is its default"
        );
        assert_eq!(
            write("&'a (dyn Fn(u8) + Sync)"),
            Written::Path("&'a (dyn Fn(u8) + Sync)".into())
        );
    }

    #[test]
    fn a_trimmed_name_asks_for_decoys_and_a_closure_has_no_name() {
        assert_eq!(write("Job"), Written::Trimmed(set(&["Job"])));
        assert_eq!(write("Box<Job>"), Written::Trimmed(set(&["Job"])));
        assert!(matches!(write("{closure}"), Written::Unnameable(_)));
        assert!(matches!(write("impl Fn()"), Written::Unnameable(_)));
    }
}
