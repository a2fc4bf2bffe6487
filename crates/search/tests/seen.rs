//! [`Seen`]'s order is written out by hand for speed; it must be the one a
//! derive gives (seen actions first, each part in its own order), and agree
//! with the derived equality, since ISMCTS keeps children sorted by it.

use std::cmp::Ordering;

use tabula_search::{Hidden, Seen};

/// An action with fields, as card games have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Act {
    Deal(u8),
    Pass(u64),
    Play(u8),
    Moon(bool),
}

/// What `#[derive]` would give `Seen<Act>`: the reference order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Derived {
    Action(Act),
    Hidden(Hidden),
}

fn values() -> Vec<(Seen<Act>, Derived)> {
    let acts = [
        Act::Deal(0),
        Act::Deal(7),
        Act::Pass(0),
        Act::Pass(1 << 40),
        Act::Pass(u64::MAX),
        Act::Play(0),
        Act::Play(255),
        Act::Moon(false),
        Act::Moon(true),
    ];
    let kinds = [Hidden::Deal, Hidden::Pass, Hidden::Discard, Hidden::Draw];
    let mut out: Vec<_> = acts.iter().map(|&a| (Seen::Action(a), Derived::Action(a))).collect();
    out.extend(kinds.iter().map(|&h| (Seen::Hidden(h), Derived::Hidden(h))));
    out
}

#[test]
fn seen_compares_as_a_derive_would() {
    let values = values();
    for &(a, da) in &values {
        for &(b, db) in &values {
            assert_eq!(a.cmp(&b), da.cmp(&db), "{a:?} against {b:?}");
            assert_eq!(a.partial_cmp(&b), Some(da.cmp(&db)), "{a:?} against {b:?}");
            assert_eq!(a == b, da == db, "{a:?} against {b:?}");
            assert_eq!(a < b, da < db, "{a:?} against {b:?}");
        }
    }
    assert_eq!(
        Seen::Action(Act::Moon(true)).cmp(&Seen::Hidden(Hidden::Deal)),
        Ordering::Less,
        "a seen action comes before every hidden one"
    );
}
