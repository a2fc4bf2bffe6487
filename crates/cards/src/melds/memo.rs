//! The general solver's memo: an open-addressing table from packed states
//! to their best cost, cleared in constant time between hands by a
//! generation number, so that a solver reused from hand to hand allocates
//! only while its largest hand grows the table.
//!
//! Lookups never iterate the table, so its order cannot reach a decision;
//! the hash is a fixed multiply-fold of the key, the same on every target.

/// One entry: a key, its value, and the generation that wrote it (an
/// entry of an older generation is empty).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u128,
    value: u64,
    generation: u32,
}

/// The table (see the module).
#[derive(Clone, Debug)]
pub(super) struct Memo {
    slots: Vec<Slot>,
    /// Entries of the current generation.
    len: usize,
    generation: u32,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo {
            slots: vec![Slot::default(); 64],
            len: 0,
            generation: 1,
        }
    }
}

impl Memo {
    /// The first slot to probe for `key`: the high bits of a multiply-fold.
    #[inline]
    fn home(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let mixed = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// Forgets every entry.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 clears, old stamps could read as current: wipe them.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// The value stored for `key`.
    #[inline]
    pub(super) fn get(&self, key: u128) -> Option<u64> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.generation != self.generation {
                return None;
            }
            if s.key == key {
                return Some(s.value);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (not yet stored).
    pub(super) fn insert(&mut self, key: u128, value: u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i].generation == self.generation {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            key,
            value,
            generation: self.generation,
        };
        self.len += 1;
    }

    /// Doubles the table, keeping the current entries.
    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let generation = self.generation;
        // The new slots are of generation 0, empty to every current one.
        self.len = 0;
        for s in old.into_iter().filter(|s| s.generation == generation) {
            self.insert(s.key, s.value);
        }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_finds_grows_and_clears() {
        let mut m = Memo::default();
        for k in 0..1_000u128 {
            m.insert(k << 60 | k, k as u64 * 3);
        }
        assert_eq!(m.len(), 1_000);
        assert!((0..1_000u128).all(|k| m.get(k << 60 | k) == Some(k as u64 * 3)));
        assert_eq!(m.get(5), None);
        m.clear();
        assert_eq!((m.len(), m.get(1 << 60 | 1)), (0, None));
        m.insert(7, 1);
        assert_eq!(m.get(7), Some(1));
    }
}
