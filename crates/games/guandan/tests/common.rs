//! What the tests share: positions set up by hand.

use tabula_guandan::cards::{Cards, DECK, parse_cards};
use tabula_guandan::{GuandanOptions, Setup, State};

/// The cards named (from the whole deck).
pub fn cards(text: &str) -> Cards {
    parse_cards(text, DECK).unwrap()
}

/// Four hands as named, each taking the copies the hands before it left
/// (a face named in two hands is its two copies).
pub fn hands(texts: [&str; 4]) -> [Cards; 4] {
    let mut used = Cards::EMPTY;
    texts.map(|t| {
        let h = parse_cards(t, DECK - used).unwrap();
        used = used | h;
        h
    })
}

/// A hand just dealt under the default options: the hands as named, the
/// sides' levels, the declarers, the last hand's finishing order (for
/// tribute) and who leads when no tribute decides it.
pub fn setup(
    texts: [&str; 4],
    levels: [u8; 2],
    declarers: Option<u8>,
    last_order: Option<[u8; 4]>,
    leader: u8,
) -> State {
    Setup {
        options: GuandanOptions {
            start_level: if declarers.is_none() { levels[0] } else { 0 },
            ..GuandanOptions::default()
        },
        levels,
        declarers,
        failures: [0; 2],
        hands: hands(texts),
        last_order,
        leader,
    }
    .into_state()
    .unwrap()
}

/// A match's first hand (no tribute) at `level` for both sides, the
/// hands as named, `leader` to lead.
pub fn position(texts: [&str; 4], level: u8, leader: u8) -> State {
    setup(texts, [level; 2], None, None, leader)
}

/// A hand after a last hand finished in `order`, at the winners' level
/// `level` (the losers at 2), so that tribute is due.
pub fn after_hand(texts: [&str; 4], level: u8, order: [u8; 4]) -> State {
    let winners = order[0] % 2;
    let mut levels = [0; 2];
    levels[usize::from(winners)] = level;
    setup(texts, levels, Some(winners), Some(order), order[0])
}
