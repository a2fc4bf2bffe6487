//! The flow of a trick: beat or pass, the lead returning to the seat that
//! played last once every other seat in play has passed, fewer passes
//! once seats are out, and the lead after a seat that went out on the
//! trick (the next seat, or its partner).

use tabula_cards::climbing::{OutLead, Seating, Trick};

/// A combination, for the flow: only who played what matters here.
type C = u8;

#[test]
fn two_passes_give_the_lead_back_at_three_seats() {
    let seating = Seating::new(3);
    let mut t: Trick<C> = Trick::new();
    assert_eq!(t.to_beat(0), None, "an empty table: the seat leads");
    t.play(0, 10);
    assert_eq!((t.to_beat(1), t.to_beat(2), t.to_beat(0)), (Some(10), Some(10), None));
    assert_eq!(t.pass(&seating), None, "one pass: seat 2 still acts on it");
    assert_eq!(t.passes, 1);
    t.play(2, 11);
    assert_eq!(t.passes, 0, "a play starts the count again");
    assert_eq!((t.by(), t.to_beat(0)), (Some(2), Some(11)));
    assert_eq!(t.pass(&seating), None);
    assert_eq!(
        t.pass(&seating),
        Some(2),
        "the lead returns to the seat that played last"
    );
    assert_eq!(t, Trick::new());
    assert_eq!(t.to_beat(2), None);
}

#[test]
fn seats_out_of_cards_need_no_pass() {
    // Four seats; seat 3 is out. Seat 0 plays: seats 1 and 2 pass and the
    // lead is back with seat 0.
    let seating = Seating::new(4).with_out(1 << 3);
    assert_eq!(seating.in_play_count(), 3);
    assert_eq!(seating.next(2), Some(0), "the turn skips the seat out");
    let mut t: Trick<C> = Trick::new();
    t.play(0, 5);
    assert_eq!(t.pass(&seating), None);
    assert_eq!(t.pass(&seating), Some(0));
}

#[test]
fn the_lead_after_a_seat_that_went_out_passes_to_the_next_or_its_partner() {
    // Seat 1 plays its last cards: the three others must all pass.
    for (lead, expected) in [(OutLead::Next, 2), (OutLead::Partner, 3)] {
        let seating = Seating::new(4).with_out_lead(lead).with_out(1 << 1);
        let mut t: Trick<C> = Trick::new();
        t.play(1, 7);
        assert_eq!(t.pass(&seating), None);
        assert_eq!(t.pass(&seating), None, "seat 1 being out, a third pass is needed");
        assert_eq!(t.pass(&seating), Some(expected), "{lead:?}");
    }
    // The partner out too: the next seat in play after the partner.
    let seating = Seating::new(4)
        .with_out_lead(OutLead::Partner)
        .with_out(1 << 1 | 1 << 3);
    assert_eq!(seating.partner(1), 3);
    assert_eq!(seating.leader_after(1), Some(0));
    assert_eq!(seating.leader_after(2), Some(2), "a winner in play leads");
    let mut t: Trick<C> = Trick::new();
    t.play(1, 7);
    assert_eq!(t.pass(&seating), None);
    assert_eq!(t.pass(&seating), Some(0));
}

#[test]
fn nobody_in_play_leads_nobody() {
    let seating = Seating::new(2).with_out(0b11);
    assert_eq!((seating.next(0), seating.leader_after(1)), (None, None));
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "a seat that leads cannot pass")]
fn a_leader_cannot_pass() {
    let mut t: Trick<C> = Trick::new();
    t.pass(&Seating::new(3));
}

#[test]
#[should_panic(expected = "a climbing table seats 2 to 16")]
fn a_table_has_two_seats_or_more() {
    let _ = Seating::new(1);
}
