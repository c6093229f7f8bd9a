//! The items a pool can live in (statics, struct fields, function parameters and returns), each by its definition,
//! and which of them a name written at some place may mean.
//!
//! A pool's places are keyed by these definitions, never by bare name: two `static POOL`s of two modules are two
//! pools. Where the code does not say which definition a name means, every candidate is returned; the flow layer
//! then joins them into one pool (so they migrate together or not at all) or refuses them.

use std::collections::{BTreeSet, HashMap};

use super::model::ModuleId;
use super::model::{DefId, Facts, FnId, Key, NodeId};

/// A function of the crate (free, in an `impl` or in a trait).
#[derive(Debug, Clone)]
pub struct FnDef {
    /// The function.
    pub id: FnId,
    /// The module it is declared in.
    pub module: ModuleId,
    /// The last name of the `impl`'s type (or the trait's name); None for a free function.
    pub self_ty: Option<String>,
}

/// How a call names the function it calls.
#[derive(Debug, Clone, Copy)]
pub enum Callee<'a> {
    /// `name(..)`, written in this module.
    Free(&'a ModuleId),
    /// `Type::name(..)` or `module::name(..)`: the name before the function's (`Self` already replaced by the
    /// `impl`'s type).
    Path(&'a str),
    /// `value.name(..)`.
    Method,
}

/// The crate's statics, pool fields and functions, by name.
#[derive(Debug, Default)]
pub struct Definitions {
    statics: HashMap<String, Vec<(ModuleId, DefId)>>,
    /// Field name -> (struct name, struct).
    fields: HashMap<String, Vec<(String, DefId)>>,
    fns: HashMap<String, Vec<FnDef>>,
}

impl Definitions {
    /// Declares `static name` in `module`.
    pub fn add_static(&mut self, name: &str, module: ModuleId, def: DefId) {
        self.statics
            .entry(name.to_string())
            .or_default()
            .push((module, def));
    }

    /// The places of the items that `names` may name (a function by its name or its `impl`'s type, a field by its
    /// name or its struct's, a static by its name), each with the name that reaches it.
    pub fn places_named(&self, facts: &Facts, names: &BTreeSet<String>) -> Vec<(NodeId, String)> {
        let mut fns: HashMap<FnId, String> = HashMap::new();
        for (name, defs) in &self.fns {
            for d in defs {
                if names.contains(name) {
                    fns.insert(d.id, name.clone());
                } else if let Some(ty) = d.self_ty.as_ref().filter(|t| names.contains(*t)) {
                    fns.insert(d.id, ty.clone());
                }
            }
        }
        let structs: HashMap<DefId, &String> = self
            .fields
            .values()
            .flatten()
            .map(|(strukt, def)| (*def, strukt))
            .collect();
        let statics: HashMap<DefId, &String> = self
            .statics
            .iter()
            .flat_map(|(name, defs)| defs.iter().map(move |(_, d)| (*d, name)))
            .collect();
        let named = |n: &String| names.contains(n).then(|| n.clone());
        let mut out: Vec<(NodeId, String)> = facts
            .places()
            .filter_map(|(key, node)| {
                let name = match key {
                    Key::FnParam(id, _) | Key::FnRet(id) => fns.get(id).cloned(),
                    Key::Field(def, field) => {
                        named(field).or_else(|| structs.get(def).and_then(|s| named(s)))
                    }
                    Key::Static(def) => statics.get(def).and_then(|s| named(s)),
                    _ => None,
                };
                name.map(|n| (node, n))
            })
            .collect();
        out.sort();
        out
    }

    /// Declares the pool field `field` of `struct strukt`.
    pub fn add_field(&mut self, field: &str, strukt: &str, def: DefId) {
        self.fields
            .entry(field.to_string())
            .or_default()
            .push((strukt.to_string(), def));
    }

    /// Declares the function `name`.
    pub fn add_fn(&mut self, name: &str, def: FnDef) {
        self.fns.entry(name.to_string()).or_default().push(def);
    }

    /// Whether `qualifier::name(..)` certainly calls a function of the crate: one of `impl qualifier` (or its trait),
    /// or of an inline module `qualifier`. (Not so for `thread::spawn` or `File::open`, whatever functions of that
    /// name the crate has.)
    pub fn is_crate_path(&self, name: &str, qualifier: &str) -> bool {
        let all = self.fns.get(name).map_or(&[][..], Vec::as_slice);
        all.iter().any(|d| match &d.self_ty {
            Some(own) => own == qualifier,
            None => d.module.module.rsplit("::").next() == Some(qualifier),
        })
    }

    /// The statics `name` may mean in `module`: the module's own, else every static of that name (it is imported
    /// from somewhere; which import is not followed).
    pub fn statics(&self, name: &str, module: &ModuleId) -> Vec<DefId> {
        own_or_all(self.statics.get(name), |m| m == module)
    }

    /// The pool fields `field` of the structs named `owner` only (none when they declare no such pool field).
    pub fn fields_of(&self, field: &str, owner: &str) -> Vec<DefId> {
        let all = self.fields.get(field).map_or(&[][..], Vec::as_slice);
        all.iter()
            .filter(|(s, _)| s == owner)
            .map(|(_, d)| *d)
            .collect()
    }

    /// The structs whose pool field `field` an access may read: those named `owner` when the code shows the struct
    /// (`self` in its `impl`, a struct literal) and one of them has the field, else every struct with a pool field of
    /// that name.
    pub fn fields(&self, field: &str, owner: Option<&str>) -> Vec<DefId> {
        own_or_all(self.fields.get(field), |s| Some(s.as_str()) == owner)
    }

    /// The functions a call of `name` may mean: for `name(..)` the free function of the calling module, else every
    /// free one; for `Type::name(..)` those of `impl Type` (or of the inline module `Type`); for `value.name(..)` every method; and when none is of
    /// that kind, every function of that name.
    pub fn fns(&self, name: &str, callee: Callee<'_>) -> Vec<FnId> {
        let all = self.fns.get(name).map_or(&[][..], Vec::as_slice);
        let pick = |keep: &dyn Fn(&FnDef) -> bool| -> Vec<FnId> {
            all.iter().filter(|d| keep(d)).map(|d| d.id).collect()
        };
        let found = match callee {
            Callee::Free(module) => {
                let here = pick(&|d| d.self_ty.is_none() && &d.module == module);
                if here.is_empty() {
                    pick(&|d| d.self_ty.is_none())
                } else {
                    here
                }
            }
            Callee::Path(ty) => pick(&|d| match &d.self_ty {
                Some(own) => own == ty,
                // `module::name(..)` of an inline module.
                None => d.module.module.rsplit("::").next() == Some(ty),
            }),
            Callee::Method => pick(&|d| d.self_ty.is_some()),
        };
        if found.is_empty() {
            all.iter().map(|d| d.id).collect()
        } else {
            found
        }
    }
}

/// The definitions of `all` whose place `own` picks, else every one (a name whose definition the code does not
/// pin down may mean any of them).
fn own_or_all<P>(all: Option<&Vec<(P, DefId)>>, own: impl Fn(&P) -> bool) -> Vec<DefId> {
    let all = all.map_or(&[][..], Vec::as_slice);
    let picked: Vec<DefId> = (all.iter())
        .filter(|(p, _)| own(p))
        .map(|(_, d)| *d)
        .collect();
    if picked.is_empty() {
        all.iter().map(|(_, d)| *d).collect()
    } else {
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::model::{FileId, Loc};

    fn at(offset: usize) -> Loc {
        Loc::new(FileId(0), offset)
    }

    /// Builds a table from `decls` (one a line: `static NAME MODULE AT`, `field NAME STRUCT AT`,
    /// `fn NAME MODULE SELF_TY|- AT`) and answers `queries` (`static NAME MODULE`,
    /// `field NAME OWNER|-`, `free NAME MODULE`, `path NAME TYPE`, `method NAME`) with the offsets of the definitions
    /// found, and `crate_path NAME QUALIFIER` with `[1]` when that path certainly names a function of the crate.
    fn run(decls: &str, queries: &str) -> String {
        let mut defs = Definitions::default();
        let words = |l: &str| -> Vec<String> { l.split_whitespace().map(String::from).collect() };
        let module = |m: &str| ModuleId::new(FileId(0), if m == "-" { "" } else { m });
        for line in decls.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match words(line)
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .as_slice()
            {
                ["static", name, m, off] => {
                    defs.add_static(name, module(m), DefId(at(off.parse().unwrap())))
                }
                ["field", name, s, off] => defs.add_field(name, s, DefId(at(off.parse().unwrap()))),
                ["fn", name, m, ty, off] => defs.add_fn(
                    name,
                    FnDef {
                        id: FnId(at(off.parse().unwrap())),
                        module: module(m),
                        self_ty: (*ty != "-").then(|| ty.to_string()),
                    },
                ),
                other => panic!("unknown declaration {other:?}"),
            }
        }
        let mut out = String::new();
        for line in queries.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let w = words(line);
            let found: Vec<usize> =
                match w.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                    ["static", name, m] => defs
                        .statics(name, &module(m))
                        .iter()
                        .map(|d| d.0.offset)
                        .collect(),
                    ["field", name, owner] => defs
                        .fields(name, (*owner != "-").then_some(*owner))
                        .iter()
                        .map(|d| d.0.offset)
                        .collect(),
                    ["free", name, m] => {
                        let m = module(m);
                        defs.fns(name, Callee::Free(&m))
                            .iter()
                            .map(|f| f.0.offset)
                            .collect()
                    }
                    ["path", name, ty] => defs
                        .fns(name, Callee::Path(ty))
                        .iter()
                        .map(|f| f.0.offset)
                        .collect(),
                    ["method", name] => defs
                        .fns(name, Callee::Method)
                        .iter()
                        .map(|f| f.0.offset)
                        .collect(),
                    ["crate_path", name, q] => vec![usize::from(defs.is_crate_path(name, q))],
                    other => panic!("unknown query {other:?}"),
                };
            out.push_str(&format!("{line} -> {found:?}\n"));
        }
        out
    }

    #[test]
    fn a_static_is_its_modules_own_before_any_other_of_its_name() {
        let got = run(
            "
            static POOL a 10
            static POOL b 20
            static ONLY a 30
            ",
            "
            static POOL a
            static POOL b
            static POOL c
            static ONLY b
            static NONE a
            ",
        );
        expect_test::expect![[r#"
            static POOL a -> [10]
            static POOL b -> [20]
            static POOL c -> [10, 20]
            static ONLY b -> [30]
            static NONE a -> []
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_field_is_its_structs_when_the_code_shows_the_struct() {
        let got = run(
            "
            field pool Service 10
            field pool Batch 20
            ",
            "
            field pool Service
            field pool Other
            field pool -
            field queue Service
            ",
        );
        expect_test::expect![[r#"
            field pool Service -> [10]
            field pool Other -> [10, 20]
            field pool - -> [10, 20]
            field queue Service -> []
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_call_means_the_functions_of_its_kind_and_place() {
        let got = run(
            "
            fn run a - 10
            fn run b - 20
            fn run - Service 30
            fn start - Service 40
            fn start - Batch 50
            fn helper a - 60
            fn total outer::squares - 70
            fn total doubles - 80
            ",
            "
            free run a
            free run c
            path run Service
            path run a
            method run
            method start
            path start Batch
            method helper
            path total squares
            path total files
            ",
        );
        expect_test::expect![[r#"
            free run a -> [10]
            free run c -> [10, 20]
            path run Service -> [30]
            path run a -> [10]
            method run -> [30]
            method start -> [40, 50]
            path start Batch -> [50]
            method helper -> [60]
            path total squares -> [70]
            path total files -> [70, 80]
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn a_qualified_call_names_the_crates_function_only_through_its_type_or_module() {
        let got = run(
            "
            fn build setup - 10
            fn start - Service 20
            fn spawn - - 30
            fn send - - 40
            ",
            "
            crate_path build setup
            crate_path build other
            crate_path start Service
            crate_path start Batch
            crate_path spawn thread
            crate_path send jobs
            crate_path open File
            ",
        );
        expect_test::expect![[r#"
            crate_path build setup -> [1]
            crate_path build other -> [0]
            crate_path start Service -> [1]
            crate_path start Batch -> [0]
            crate_path spawn thread -> [0]
            crate_path send jobs -> [0]
            crate_path open File -> [0]
        "#]]
        .assert_eq(&got);
    }
}
