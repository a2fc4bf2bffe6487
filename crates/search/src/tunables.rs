//! The tunables tables: every search parameter with its default and meaning,
//! in one place per algorithm (printed by `tabula tunables`).

/// One tunable parameter of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    /// The field name in the algorithm's config.
    pub name: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What it does.
    pub meaning: &'static str,
}
