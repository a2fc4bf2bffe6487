//! The tunables tables: every search parameter with its default and meaning,
//! in one place per algorithm (printed by `tabula tunables`).
//!
//! A table is built from the very constants the code reads, through the
//! constructors below, so a listed default cannot drift from the one in
//! use.

use std::fmt;

/// The default value of a tunable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TunableValue {
    /// A count or size.
    Int(i64),
    /// A real number.
    Float(f64),
    /// On or off.
    Bool(bool),
    /// A named choice.
    Text(&'static str),
}

impl fmt::Display for TunableValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TunableValue::Int(v) => write!(f, "{v}"),
            TunableValue::Float(v) => write!(f, "{v}"),
            TunableValue::Bool(v) => write!(f, "{v}"),
            TunableValue::Text(v) => f.write_str(v),
        }
    }
}

/// One tunable parameter of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunable {
    /// The field name in the algorithm's config.
    pub name: &'static str,
    /// The default value.
    pub default: TunableValue,
    /// What it does.
    pub meaning: &'static str,
}

impl Tunable {
    /// A count or size (`usize`, `u64`, `u32` constants widen losslessly
    /// below 2^63).
    pub const fn int(name: &'static str, default: i64, meaning: &'static str) -> Self {
        Tunable {
            name,
            default: TunableValue::Int(default),
            meaning,
        }
    }

    /// A real number.
    pub const fn float(name: &'static str, default: f64, meaning: &'static str) -> Self {
        Tunable {
            name,
            default: TunableValue::Float(default),
            meaning,
        }
    }

    /// On or off.
    pub const fn flag(name: &'static str, default: bool, meaning: &'static str) -> Self {
        Tunable {
            name,
            default: TunableValue::Bool(default),
            meaning,
        }
    }

    /// A named choice.
    pub const fn text(name: &'static str, default: &'static str, meaning: &'static str) -> Self {
        Tunable {
            name,
            default: TunableValue::Text(default),
            meaning,
        }
    }
}

/// A titled table of tunables (one per AI or search).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TunableTable {
    /// What the table configures ("ismcts", "skyjo levels"…).
    pub title: &'static str,
    /// Its tunables.
    pub tunables: &'static [Tunable],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_print_as_written() {
        assert_eq!(TunableValue::Float(0.7).to_string(), "0.7");
        assert_eq!(TunableValue::Float(50.0).to_string(), "50");
        assert_eq!(TunableValue::Int(4 << 20).to_string(), "4194304");
        assert_eq!(TunableValue::Bool(true).to_string(), "true");
        assert_eq!(TunableValue::Text("single-observer").to_string(), "single-observer");
    }
}
