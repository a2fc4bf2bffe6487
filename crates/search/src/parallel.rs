//! Data parallelism behind the `parallel` feature: with it, work is spread
//! over every core by rayon; without it (the default, and what WebAssembly
//! builds get) the same calls run on the calling thread. Results come back
//! in index order either way, so a solver's output does not depend on the
//! feature. Game crates use the same calls (their own `parallel` feature
//! turns this one on) and so need no thread library of their own.

/// `f(&mut scratch, i)` for every `i` in `0..count`, returned in index
/// order. `init` makes the scratch state of each worker (once per split in
/// parallel, once in all on one thread).
pub fn map_init<S, R, I, F>(count: usize, init: I, f: F) -> Vec<R>
where
    R: Send,
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, usize) -> R + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        (0..count).into_par_iter().map_init(init, f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut scratch = init();
        (0..count).map(|i| f(&mut scratch, i)).collect()
    }
}

/// The number of chunks of `size` that cover `len` items.
pub fn chunks(len: usize, size: usize) -> usize {
    len.div_ceil(size)
}

/// The `c`-th chunk of `size` items of `data`.
pub fn chunk<T>(data: &[T], size: usize, c: usize) -> &[T] {
    let start = c * size;
    &data[start..data.len().min(start + size)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_index_order() {
        let data: Vec<u32> = (0..10_000).collect();
        let sums = map_init(
            chunks(data.len(), 64),
            || 0u64,
            |calls, c| {
                *calls += 1;
                chunk(&data, 64, c).iter().map(|&x| u64::from(x)).sum::<u64>()
            },
        );
        assert_eq!(sums.len(), 157);
        assert_eq!(sums[0], (0..64).sum::<u64>());
        assert_eq!(sums.iter().sum::<u64>(), (0..10_000u64).sum::<u64>());
    }
}
