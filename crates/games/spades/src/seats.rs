//! The table: four seats, two sides of partners sitting opposite, and
//! the tricks of a hand.

/// The seats.
pub const SEATS: usize = 4;
/// The sides (partners sit opposite: seats 0 and 2, seats 1 and 3).
pub const SIDES: usize = 2;
/// Tricks in a hand.
pub const TRICKS: u8 = 13;

/// The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.
#[inline]
pub fn side_of(seat: usize) -> usize {
    seat % 2
}
