//! Which locals are plainly `Clone` (as the code shows them being made), and whether a `move` closure captures only
//! such values: then the closure is `Clone` too, and a worker added several times can be handed `w.clone()`.

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};
use syn::{Expr, Lit, Pat, Type};

use super::{Binding, Collector};
use crate::analysis::path_names::PathNames;

/// Types whose values are `Clone` whatever their parameters (or that have none).
const CLONE_TYPES: [&str; 24] = [
    "bool",
    "char",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "String",
    "Arc",
    "Rc",
    "Sender",
    "SyncSender",
    "Duration",
    "Instant",
    "PathBuf",
];

/// Whether a value of type `ty` is `Clone` for certain: a shared reference, a primitive, `String`, `Arc<_>`,
/// `Sender<_>` ..., or a tuple of those.
pub(super) fn clone_type(ty: &Type) -> bool {
    match ty {
        Type::Reference(r) => r.mutability.is_none(),
        Type::Paren(p) => clone_type(&p.elem),
        Type::Tuple(t) => t.elems.iter().all(clone_type),
        Type::Path(p) if p.qself.is_none() => p
            .path
            .segments
            .last()
            .is_some_and(|s| CLONE_TYPES.contains(&s.ident.to_string().as_str())),
        _ => false,
    }
}

/// Whether `expr` plainly makes a `Clone` value: a literal, `x.clone()` (a clone is `Clone`, or a `Copy` reference),
/// `Arc::new(..)`, `Arc::clone(..)`, `String::from(..)`, `.to_string()`, `format!(..)`.
pub(super) fn clone_value(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(l) => !matches!(l.lit, Lit::Verbatim(_)),
        Expr::Paren(p) => clone_value(&p.expr),
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => clone_value(&u.expr),
        Expr::MethodCall(m) => {
            m.args.is_empty() && matches!(m.method.to_string().as_str(), "clone" | "to_string")
        }
        Expr::Call(c) => match &*c.func {
            Expr::Path(p) => {
                let names = PathNames::of(&p.path);
                matches!(
                    names.last_two().as_slice(),
                    ["Arc" | "Rc", "new" | "clone"] | ["String", "from" | "new"]
                )
            }
            _ => false,
        },
        Expr::Macro(m) => m.mac.path.is_ident("format"),
        _ => false,
    }
}

/// Whether `expr` is `mpsc::channel()` or `mpsc::sync_channel(n)` of std by its path, whose first half (the sender)
/// is `Clone`; a bare `channel()` is resolved through the imports by [`Collector::is_std_channel`].
pub(super) fn std_channel(expr: &Expr) -> bool {
    let Expr::Call(c) = expr else { return false };
    let Expr::Path(p) = &*c.func else {
        return false;
    };
    let names: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    matches!(names.as_slice(), [.., "mpsc", "channel" | "sync_channel"])
}

impl Collector<'_> {
    /// Whether `expr` makes a std channel: by its path (`mpsc::channel()`), or a bare `channel()` /
    /// `sync_channel(n)` (with a turbofish or without) that an import says is std's.
    pub(super) fn is_std_channel(&self, expr: &Expr) -> bool {
        if std_channel(expr) {
            return true;
        }
        let Expr::Call(c) = expr else { return false };
        let Expr::Path(p) = &*c.func else {
            return false;
        };
        // `channel()` or `channel::<u32>()`: the turbofish names the item type, not which function.
        let name = match p.path.segments.iter().collect::<Vec<_>>()[..] {
            [only] if p.qself.is_none() && p.path.leading_colon.is_none() => &only.ident,
            _ => return false,
        };
        self.names
            .is_std_channel(&name.to_string(), self.range(p).start)
    }

    /// Whether the `move` closure at `at` (`body`, with parameters `inputs`) captures only locals known to be `Clone`,
    /// looked up where the closure is written. Every
    /// name it mentions counts, in macros and format strings too; one the closure binds itself counts only if it
    /// also names a local outside that is not known to be `Clone` (it may be captured before it is shadowed).
    pub(super) fn captures_only_clone(&self, at: usize, inputs: &[Pat], body: &Expr) -> bool {
        let mut names = Mentions::default();
        for input in inputs {
            names.visit_pat(input);
        }
        names.visit_expr(body);
        // `self` moved into the closure is a value of the `impl`'s type, which this tool does not know to be Clone.
        names.used.iter().all(|name| match self.lookup(name, at) {
            _ if name == "self" => false,
            Some(Binding::Clone) => true,
            Some(_) => false,
            // Not a local: an item, a static or a name bound inside the closure.
            None => true,
        })
    }
}

/// The single names an expression mentions.
#[derive(Default)]
struct Mentions {
    used: Vec<String>,
}

impl<'ast> Visit<'ast> for Mentions {
    fn visit_expr_path(&mut self, p: &'ast syn::ExprPath) {
        if let Some(ident) = p.path.get_ident() {
            self.used.push(ident.to_string());
        }
        visit::visit_expr_path(self, p);
    }

    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.used.push(p.ident.to_string());
        visit::visit_pat_ident(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        tokens(m.tokens.clone(), &mut self.used);
    }
}

/// Every identifier in `stream`, and every name a format string in it captures (`"{total}"`, `"{n:>4}"`).
fn tokens(stream: TokenStream, out: &mut Vec<String>) {
    for t in stream {
        match t {
            TokenTree::Ident(i) => out.push(i.to_string()),
            TokenTree::Group(g) => tokens(g.stream(), out),
            TokenTree::Literal(l) => {
                let text = l.to_string();
                for part in text.split('{').skip(1) {
                    let name: String = part
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) {
                        out.push(name);
                    }
                }
            }
            TokenTree::Punct(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_plainly_clone_values_and_types() {
        let clone = [
            "1u8",
            "\"s\"",
            "x.clone()",
            "Arc::new(Mutex::new(0))",
            "std::sync::Arc::clone(&a)",
            "format!(\"{x}\")",
            "-3",
        ];
        for e in clone {
            assert!(clone_value(&syn::parse_str(e).unwrap()), "{e}");
        }
        let unknown = ["Mutex::new(0)", "make()", "x", "vec![1]", "x.lock()"];
        for e in unknown {
            assert!(!clone_value(&syn::parse_str(e).unwrap()), "{e}");
        }
        for t in [
            "u64",
            "&Vec<u8>",
            "Arc<Mutex<u8>>",
            "(u8, String)",
            "mpsc::Sender<u8>",
        ] {
            assert!(clone_type(&syn::parse_str(t).unwrap()), "{t}");
        }
        for t in ["&mut u8", "Vec<u8>", "Receiver<u8>", "T"] {
            assert!(!clone_type(&syn::parse_str(t).unwrap()), "{t}");
        }
        assert!(std_channel(&syn::parse_str("mpsc::channel()").unwrap()));
        assert!(!std_channel(&syn::parse_str("oneshot::channel()").unwrap()));
    }

    #[test]
    fn format_strings_count_as_mentions() {
        let mut out = Vec::new();
        tokens("\"{total} {n:>4} {0} {{}}\", x".parse().unwrap(), &mut out);
        assert_eq!(out, ["total", "n", "x"]);
    }
}
