//! The other seats' hands as the first holders of the deal problem a trick
//! game's observation draws its worlds from.

use crate::{CardId, CardSet, Deal};

/// The most seats [`OtherHands`] holds (Durak's six, with room).
const MAX_SEATS: usize = 8;

/// The seats other than an observer's, in seat order: holder `i` of the
/// observation's [`DealProblem`](crate::DealProblem) is the `i`-th of them.
/// Each holds its hand's unseen cards, and never a card of a suit it showed
/// itself void in. A game adds its own holders after these (a stock, the
/// passes, a discard), so the problem, and so the random stream of every
/// draw, stay what the game makes them.
///
/// ```
/// use tabula_cards::tricks::OtherHands;
/// use tabula_cards::{CardSet, Deal, DealProblem, DealSampler};
/// use tabula_search::Rng;
///
/// // Seat 1 looks at a 4-seat table; seat 3 showed itself void in suit 0.
/// let others = OtherHands::new(1, 4);
/// assert_eq!(others.seats().collect::<Vec<_>>(), [0, 2, 3]);
/// let voids = [0u8, 0, 0, 1];
/// assert_eq!(others.not_void(&voids, 1 << 0), 0b011);
/// assert_eq!(others.not_void(&voids, 1 << 1), 0b111);
/// // Two cards each, seat 0 known to hold one of its two.
/// let mut known = [CardSet::EMPTY; 4];
/// known[0] = CardSet(1 << 40);
/// let caps = others.caps(|_| 2, &known).unwrap();
/// assert_eq!(caps, [1, 2, 2]);
/// let mut problem = DealProblem::new(caps);
/// for c in 0..5u16 {
///     problem.add(tabula_cards::CardId(c), if c == 0 { 0b011 } else { 0b111 });
/// }
/// let mut deal = Deal::new();
/// DealSampler::new(&problem).unwrap().sample_into(&mut Rng::new(7), &mut deal);
/// let mut hands = known;
/// others.fill(&deal, &mut hands, |_, _| 0);
/// assert_eq!((hands[0].len(), hands[2].len(), hands[3].len()), (2, 2, 2));
/// assert!(!hands[3].contains(tabula_cards::CardId(0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherHands {
    seats: [u8; MAX_SEATS],
    len: u8,
}

impl OtherHands {
    /// The seats of a `seats`-seat table but `observer`'s.
    ///
    /// # Panics
    /// With more than 9 seats or an observer not at the table.
    pub fn new(observer: usize, seats: usize) -> Self {
        assert!(observer < seats && seats <= MAX_SEATS + 1, "seat {observer} of {seats}");
        let mut out = OtherHands {
            seats: [0; MAX_SEATS],
            len: 0,
        };
        for s in (0..seats).filter(|&s| s != observer) {
            out.seats[usize::from(out.len)] = s as u8;
            out.len += 1;
        }
        out
    }

    /// How many seats (the holders they take).
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is none (a table of one).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats, holder 0 first.
    #[inline]
    pub fn seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats[..self.len()].iter().map(|&s| usize::from(s))
    }

    /// Each seat's capacity: its hand's size less the cards known to be in
    /// it (`known`, by seat); `None` when a seat is known to hold more
    /// than its hand has (an observation no world fits).
    pub fn caps(&self, hand_size: impl Fn(usize) -> usize, known: &[CardSet]) -> Option<Vec<usize>> {
        self.seats().map(|s| hand_size(s).checked_sub(known[s].len())).collect()
    }

    /// The holders (bits `0..len`) whose seat may hold a card of the suit
    /// `suit` stands for: a bit of the tricks' voids masks, 0 for a card
    /// without a suit yet (every seat may).
    #[inline]
    pub fn not_void(&self, voids: &[u8], suit: u8) -> u32 {
        self.seats()
            .enumerate()
            .filter(|&(_, s)| voids[s] & suit == 0)
            .fold(0, |mask, (i, _)| mask | 1 << i)
    }

    /// Puts each seat's drawn cards into its hand; returns the XOR of
    /// `key(seat, card)` over them, the change of the zones' hash.
    #[inline]
    pub fn fill(&self, deal: &Deal, hands: &mut [CardSet], key: impl Fn(usize, CardId) -> u64) -> u64 {
        let mut hash = 0;
        for (i, s) in self.seats().enumerate() {
            for &c in deal.holder(i) {
                hands[s].insert(c);
                hash ^= key(s, c);
            }
        }
        hash
    }
}
