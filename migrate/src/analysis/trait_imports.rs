//! A trait import the rewrite leaves unused: anyhow's `Context`, when the only `.context(..)` calls were on the
//! always-`Ok` results of 2.x calls that the rewrite drops. Left in place it is an unused import, an error under
//! `#![deny(warnings)]`, so its leaf goes too.

use proc_macro2::TokenTree;
use syn::visit::{self, Visit};

use super::imports;
use crate::edit::{self, Edit};
use crate::source::Source;

/// The methods anyhow's `Context` trait adds.
const CONTEXT_METHODS: [&str; 2] = ["context", "with_context"];

/// Edits that remove `use anyhow::Context` leaves of `source` which `edits` leave without a use: only when one of
/// `edits` removes a `.context(`/`.with_context(` call, and nothing in the rewritten file calls those methods or
/// names `Context` any more. The offsets of the removed leaves come with the edits, for the report.
pub fn orphaned_context(source: &Source, syntax: &syn::File, edits: &[Edit]) -> Vec<(usize, Edit)> {
    let text = &source.text;
    let drops_a_call = edits.iter().any(|e| {
        let old = &text[e.range.clone()];
        CONTEXT_METHODS
            .iter()
            .any(|m| old.contains(&format!(".{m}(")) && !e.text.contains(&format!(".{m}(")))
    });
    if !drops_a_call {
        return Vec::new();
    }
    let Ok(new) = edit::apply(text, edits.to_vec()) else {
        return Vec::new();
    };
    let Ok(new_syntax) = syn::parse_file(&new) else {
        return Vec::new();
    };
    let mut uses = ContextUses::default();
    uses.visit_file(&new_syntax);
    if uses.found {
        return Vec::new();
    }
    let mut leaves = ContextLeaves::default();
    leaves.visit_file(syntax);
    leaves
        .found
        .into_iter()
        .map(|found| {
            let item = source.range(found.item);
            let leaf = source.range(found.leaf);
            let edit = match found.shape {
                Shape::Alone => Edit::delete(imports::whole_lines(text, item.clone())),
                // `{Context, Result}` becomes `Result`, as a person writes it, unless a comment is inside.
                Shape::OneOther { group, other }
                    if edit::comments(text, source.range(group)).is_empty() =>
                {
                    Edit::replace(source.range(group), &text[source.range(other)])
                }
                Shape::OneOther { .. } | Shape::Among => {
                    Edit::delete(imports::leaf_with_comma(text, leaf))
                }
            };
            (item.start, edit)
        })
        .collect()
}

/// Whether a file still calls `Context`'s methods or names the trait, outside `use` items. Macro bodies count if
/// their tokens hold either name: what a macro does with them is unknown.
#[derive(Default)]
struct ContextUses {
    found: bool,
}

impl<'ast> Visit<'ast> for ContextUses {
    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {}

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.found |= CONTEXT_METHODS.contains(&call.method.to_string().as_str());
        visit::visit_expr_method_call(self, call);
    }

    fn visit_path_segment(&mut self, segment: &'ast syn::PathSegment) {
        self.found |= segment.ident == "Context";
        visit::visit_path_segment(self, segment);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.found |= tokens_name_context(mac.tokens.clone());
        visit::visit_macro(self, mac);
    }
}

fn tokens_name_context(tokens: proc_macro2::TokenStream) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(ident) => ident == "Context" || CONTEXT_METHODS.iter().any(|m| ident == m),
        TokenTree::Group(group) => tokens_name_context(group.stream()),
        _ => false,
    })
}

/// A `Context` leaf of a `use anyhow::..` item.
struct ContextLeaf {
    item: proc_macro2::Span,
    leaf: proc_macro2::Span,
    shape: Shape,
}

/// Where the leaf stands in its `use` item.
enum Shape {
    /// `use anyhow::Context;` (or `{Context}`, or `Context as _`): the item goes.
    Alone,
    /// `use anyhow::{Context, Result};`: the group becomes the other leaf.
    OneOther {
        group: proc_macro2::Span,
        other: proc_macro2::Span,
    },
    /// One of three or more: the leaf goes with its comma.
    Among,
}

/// The `Context` leaves of `use anyhow::..` items.
#[derive(Default)]
struct ContextLeaves {
    found: Vec<ContextLeaf>,
}

impl<'ast> Visit<'ast> for ContextLeaves {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        use syn::spanned::Spanned;
        let syn::UseTree::Path(path) = &item.tree else {
            return;
        };
        if path.ident != "anyhow" {
            return;
        }
        let item_span = item.span();
        match &*path.tree {
            leaf @ (syn::UseTree::Name(_) | syn::UseTree::Rename(_)) if is_context(leaf) => {
                self.found.push(ContextLeaf {
                    item: item_span,
                    leaf: leaf.span(),
                    shape: Shape::Alone,
                });
            }
            syn::UseTree::Group(group) => {
                let items: Vec<&syn::UseTree> = group.items.iter().collect();
                for (index, leaf) in items.iter().enumerate() {
                    if !is_context(leaf) {
                        continue;
                    }
                    let shape = match items.len() {
                        1 => Shape::Alone,
                        2 => Shape::OneOther {
                            group: group.brace_token.span.join(),
                            other: items[1 - index].span(),
                        },
                        _ => Shape::Among,
                    };
                    self.found.push(ContextLeaf {
                        item: item_span,
                        leaf: leaf.span(),
                        shape,
                    });
                }
            }
            _ => {}
        }
    }
}

fn is_context(tree: &syn::UseTree) -> bool {
    match tree {
        syn::UseTree::Name(name) => name.ident == "Context",
        syn::UseTree::Rename(rename) => rename.ident == "Context",
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `old` with the edit `from` -> `to` and the orphaned `Context` leaves removed.
    fn rewrite(old: &str, from: &str, to: &str) -> String {
        let source =
            Source::from_bytes(std::path::Path::new("t.rs"), old.as_bytes().to_vec()).unwrap();
        let syntax = source.parse().unwrap();
        let at = old.find(from).unwrap();
        let mut edits = vec![Edit::replace(at..at + from.len(), to)];
        edits.extend(
            orphaned_context(&source, &syntax, &edits)
                .into_iter()
                .map(|(_, e)| e),
        );
        edit::apply(old, edits).unwrap()
    }

    const DROPPED: (&str, &str) = (
        "pool.add_worker(&w).context(\"adding\")?;",
        "pool.add_worker(w);",
    );

    #[test]
    fn the_last_context_call_dropped_takes_its_leaf_along() {
        let old = "use anyhow::{Context, Result};\nfn f() -> Result<()> {\n    pool.add_worker(&w).context(\"adding\")?;\n    Ok(())\n}\n";
        let new = rewrite(old, DROPPED.0, DROPPED.1);
        assert!(new.starts_with("use anyhow::Result;\n"), "{new}");
        let three = old.replace("{Context, Result}", "{bail, Context, Result}");
        let new = rewrite(&three, DROPPED.0, DROPPED.1);
        assert!(new.starts_with("use anyhow::{bail, Result};\n"), "{new}");
        let alone = "use std::fmt;\nuse anyhow::Context as _;\nfn f() {\n    pool.add_worker(&w).context(\"adding\")?;\n}\n";
        let new = rewrite(alone, DROPPED.0, DROPPED.1);
        assert_eq!(new, "use std::fmt;\nfn f() {\n    pool.add_worker(w);\n}\n");
    }

    #[test]
    fn a_context_still_used_stays() {
        for rest in [
            "    read().context(\"reading\")?;\n",
            "    read().with_context(|| \"reading\")?;\n",
            "    let _ = Context::context(read(), \"reading\");\n",
            "    log!(x.context(\"y\"));\n",
        ] {
            let old = format!(
                "use anyhow::{{Context, Result}};\nfn f() -> Result<()> {{\n    pool.add_worker(&w).context(\"adding\")?;\n{rest}    Ok(())\n}}\n"
            );
            let new = rewrite(&old, DROPPED.0, DROPPED.1);
            assert!(new.starts_with("use anyhow::{Context, Result};\n"), "{new}");
        }
    }

    #[test]
    fn nothing_changes_when_no_context_call_is_dropped() {
        let old = "use anyhow::Context;\nfn f() {\n    pool.add_worker(&w).unwrap();\n}\n";
        let new = rewrite(old, "pool.add_worker(&w).unwrap();", "pool.add_worker(w);");
        assert!(new.starts_with("use anyhow::Context;\n"), "{new}");
    }
}
