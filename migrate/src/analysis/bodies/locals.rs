//! The locals in scope while walking one body: nested lexical scopes, innermost last, each mapping a name to what
//! the walk bound it to.

use std::collections::HashMap;

/// The lexical scopes of the body being walked. A name resolves to its innermost binding; an item inside a body (and
/// every `fn`) starts from no locals at all, as in Rust.
#[derive(Debug)]
pub(super) struct Locals<B> {
    scopes: Vec<HashMap<String, B>>,
}

impl<B: Copy> Locals<B> {
    /// No locals: the scope of an item.
    pub(super) fn new() -> Self {
        Locals {
            scopes: vec![HashMap::new()],
        }
    }

    /// What `name` is bound to in the innermost scope that binds it.
    pub(super) fn lookup(&self, name: &str) -> Option<B> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    /// Binds `name` in the innermost scope, shadowing any outer binding (and an earlier one in the same scope).
    pub(super) fn bind(&mut self, name: String, binding: B) {
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name, binding);
    }

    /// Opens a nested scope (a block, a closure, a loop body, a match arm).
    pub(super) fn enter(&mut self) {
        self.scopes.push(HashMap::new());
    }

    /// Closes the innermost scope and every binding made in it.
    pub(super) fn leave(&mut self) {
        self.scopes.pop();
    }

    /// Starts from no locals (an item or `fn` inside a body does not see its locals); returns the locals it
    /// replaces, for [`Locals::restore`].
    pub(super) fn isolate(&mut self) -> Self {
        std::mem::replace(self, Locals::new())
    }

    /// Puts back the locals [`Locals::isolate`] returned.
    pub(super) fn restore(&mut self, outer: Self) {
        *self = outer;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `script` (one step a line: `bind x 1`, `enter`, `leave`, `isolate`, `restore`, `lookup x`) and returns
    /// what each lookup found.
    fn run(script: &str) -> String {
        let mut locals = Locals::<u32>::new();
        let mut saved = Vec::new();
        let mut out = String::new();
        for step in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let words: Vec<&str> = step.split(' ').collect();
            match words.as_slice() {
                ["bind", name, value] => locals.bind(name.to_string(), value.parse().unwrap()),
                ["enter"] => locals.enter(),
                ["leave"] => locals.leave(),
                ["isolate"] => saved.push(locals.isolate()),
                ["restore"] => locals.restore(saved.pop().unwrap()),
                ["lookup", name] => {
                    let found = locals
                        .lookup(name)
                        .map_or("-".to_string(), |b| b.to_string());
                    out.push_str(&format!("{name}: {found}\n"));
                }
                _ => panic!("unknown step {step}"),
            }
        }
        out
    }

    #[test]
    fn inner_bindings_shadow_and_end_with_their_scope() {
        let got = run("
            bind pool 1
            enter
            lookup pool
            bind pool 2
            lookup pool
            bind pool 3
            lookup pool
            leave
            lookup pool
            lookup other
        ");
        expect_test::expect![[r#"
            pool: 1
            pool: 2
            pool: 3
            pool: 1
            other: -
        "#]]
        .assert_eq(&got);
    }

    #[test]
    fn an_item_in_a_body_sees_no_locals_and_the_body_gets_them_back() {
        let got = run("
            bind w 7
            enter
            bind tx 8
            isolate
            lookup w
            lookup tx
            bind w 9
            lookup w
            restore
            lookup w
            lookup tx
        ");
        expect_test::expect![[r#"
            w: -
            tx: -
            w: 9
            w: 7
            tx: 8
        "#]]
        .assert_eq(&got);
    }
}
