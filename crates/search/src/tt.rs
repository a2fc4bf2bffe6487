//! A bounded transposition table with depth-preferred replacement.
//!
//! Buckets of two slots: the first keeps the deepest entry (replaced only by
//! an entry at least as deep, or one left over from an earlier search), the
//! second always takes the newest entry, so shallow results are not lost.

use crate::eval::Score;

/// What a stored value proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<A> {
    /// The full hash of the state.
    pub key: u64,
    /// The value, for seat 0.
    pub value: Score,
    /// Remaining depth the value was searched to.
    pub depth: i16,
    /// What `value` proves.
    pub bound: Bound,
    /// The best (or refuting) action found, if any.
    pub best: Option<A>,
    generation: u8,
}

/// The table. Memory is fixed at creation.
#[derive(Clone, Debug)]
pub struct TranspositionTable<A> {
    slots: Vec<Option<Entry<A>>>,
    mask: usize,
    generation: u8,
}

impl<A: Copy> TranspositionTable<A> {
    /// A table using at most `bytes` bytes (at least one bucket).
    pub fn with_bytes(bytes: usize) -> Self {
        let slot = std::mem::size_of::<Option<Entry<A>>>();
        let buckets = (bytes / (2 * slot)).max(1);
        // Largest power of two not above the budget.
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        TranspositionTable {
            slots: vec![None; 2 * buckets],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// The number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Starts a new search: entries of earlier searches become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // High bits pick the bucket: Zobrist keys are uniform in every bit.
        ((key >> 32) as usize ^ key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        let b = 2 * self.bucket(key);
        self.slots[b..b + 2].iter().flatten().find(|e| e.key == key).copied()
    }

    /// Stores a result.
    #[inline]
    pub fn store(&mut self, key: u64, value: Score, depth: i16, bound: Bound, best: Option<A>) {
        let b = 2 * self.bucket(key);
        let entry = Entry {
            key,
            value,
            depth,
            bound,
            // Keep the old move when a re-search of the same state found none.
            best,
            generation: self.generation,
        };
        let preferred = &mut self.slots[b];
        let replace = match preferred {
            None => true,
            // An exact value is worth more than a bound from the same depth:
            // keep it (the principal variation is read back from exact entries).
            Some(old) if old.key == key => !(old.bound == Bound::Exact && bound != Bound::Exact && old.depth >= depth),
            Some(old) => depth >= old.depth || old.generation != self.generation,
        };
        if !replace && preferred.is_some_and(|old| old.key == key) {
            return;
        }
        if replace {
            let mut entry = entry;
            if let Some(old) = preferred
                && old.key == key
                && entry.best.is_none()
            {
                entry.best = old.best;
            }
            *preferred = Some(entry);
        } else {
            self.slots[b + 1] = Some(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_bounded_by_the_request() {
        let t: TranspositionTable<u32> = TranspositionTable::with_bytes(1 << 20);
        let used = t.capacity() * std::mem::size_of::<Option<Entry<u32>>>();
        assert!(used <= 1 << 20 && used > 1 << 19, "{used}");
    }

    #[test]
    fn deeper_entry_survives_a_shallower_collision() {
        let mut t: TranspositionTable<u8> = TranspositionTable::with_bytes(64);
        assert_eq!(t.capacity(), 2);
        t.store(1, 10, 5, Bound::Exact, Some(3));
        t.store(2, 20, 1, Bound::Lower, None);
        assert_eq!(t.probe(1).unwrap().value, 10);
        assert_eq!(t.probe(2).unwrap().value, 20);
        // A third shallow key replaces the always-replace slot, not the deep one.
        t.store(3, 30, 0, Bound::Upper, None);
        assert!(t.probe(1).is_some());
        assert!(t.probe(2).is_none());
        // A new search makes the deep entry replaceable.
        t.new_search();
        t.store(4, 40, 0, Bound::Exact, None);
        assert!(t.probe(1).is_none());
        assert_eq!(t.probe(4).unwrap().bound, Bound::Exact);
    }

    #[test]
    fn an_exact_value_is_not_replaced_by_a_bound_of_the_same_depth() {
        let mut t: TranspositionTable<u8> = TranspositionTable::with_bytes(1024);
        t.store(5, 3, 4, Bound::Exact, Some(1));
        t.store(5, 9, 4, Bound::Lower, Some(2));
        assert_eq!(t.probe(5).unwrap().bound, Bound::Exact);
        assert_eq!(t.probe(5).unwrap().best, Some(1));
        // A deeper search replaces it, whatever its bound.
        t.store(5, 9, 5, Bound::Lower, Some(2));
        assert_eq!(t.probe(5).unwrap().bound, Bound::Lower);
    }

    #[test]
    fn restoring_a_state_keeps_its_best_move() {
        let mut t: TranspositionTable<u8> = TranspositionTable::with_bytes(1024);
        t.store(9, 1, 2, Bound::Lower, Some(7));
        t.store(9, 1, 3, Bound::Upper, None);
        assert_eq!(t.probe(9).unwrap().best, Some(7));
        assert_eq!(t.probe(9).unwrap().depth, 3);
    }
}
