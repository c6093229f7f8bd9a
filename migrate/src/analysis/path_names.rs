//! The names along a path in a call (`Arc::new` is `["Arc", "new"]`), and what they say.

/// The identifiers of a path's segments, generics left out.
pub struct PathNames(Vec<String>);

impl PathNames {
    pub fn of(path: &syn::Path) -> Self {
        PathNames(
            path.segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect(),
        )
    }

    /// The last two names (`Arc::new` of `std::sync::Arc::new`), or all of a shorter path.
    pub fn last_two(&self) -> Vec<&str> {
        let skip = self.0.len().saturating_sub(2);
        self.0[skip..].iter().map(String::as_str).collect()
    }

    /// Whether the path is exactly `names`.
    pub fn is(&self, names: &[&str]) -> bool {
        self.0.iter().map(String::as_str).eq(names.iter().copied())
    }

    /// `Arc::new`, `Rc::new`, `Box::new`, `Mutex::new`, `RwLock::new`, `Arc::clone`, `Rc::clone`, `Some`: calls that
    /// hand back (a pointer to, a lock around, or an `Option` of) their one argument, so a pool stays the same pool
    /// through them.
    pub fn wraps_its_argument(&self) -> bool {
        matches!(
            self.last_two().as_slice(),
            ["Arc" | "Rc" | "Box" | "Mutex" | "RwLock", "new"]
                | ["Arc" | "Rc", "clone"]
                | ["Some"]
                | ["Option", "Some"]
        )
    }

    /// The function's name when the path is a plain `f` or `Self::f`: a function whose
    /// declaration the analysis may know.
    pub fn plain_fn(&self) -> Option<&str> {
        match self.0.as_slice() {
            [name] => Some(name),
            [first, name] if first == "Self" => Some(name),
            _ => None,
        }
    }

    /// The name before the last (`Arc` of `std::sync::Arc::new`), if any.
    pub fn qualifier(&self) -> Option<&str> {
        let n = self.0.len();
        (n >= 2).then(|| self.0[n - 2].as_str())
    }

    /// The last name: the function called.
    pub fn last(&self) -> Option<&String> {
        self.0.last()
    }

    /// Whether the path has more than one segment (`Type::method`).
    pub fn is_qualified(&self) -> bool {
        self.0.len() > 1
    }
}
