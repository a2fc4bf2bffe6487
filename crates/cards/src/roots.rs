//! The root comparer's verdict for searches whose roots are complete turns
//! (the meld games' take-and-discard): every root played on the same
//! worlds ([`CommonSamples`](tabula_search::CommonSamples)), the values
//! laid out world by world, root by root; the policy's action stands
//! unless another action beats it clearly on the paired differences
//! ([`choose_paired`]); the report of the search ([`turn_result`]).

use tabula_search::{RootStat, SearchResult, SearchStats};

/// The root to play, of roots whose first actions are `actions` (the
/// policy's choice first) and whose values are `values` (world by world,
/// `actions.len()` a world): the policy's action stands unless a root
/// starting with another action beats every root starting with the
/// policy's by `margin` standard errors of the paired difference (on the
/// same worlds), the one beating them by the most then. So an action of
/// several roots (a take, with each discard after it) is judged by its
/// best root.
///
/// # Panics
/// When `actions` is empty or `values` is not a whole number of worlds.
pub fn choose_paired<A: PartialEq>(actions: &[A], values: &[f64], margin: f64) -> usize {
    let r = actions.len();
    assert!(r > 0 && values.len() % r == 0, "values of whole worlds");
    let n = (values.len() / r) as f64;
    // The mean and the standard error of root `a`'s gain over root `b`.
    let paired = |a: usize, b: usize| {
        let (mut sum, mut sq) = (0.0, 0.0);
        for w in values.chunks_exact(r) {
            let d = w[a] - w[b];
            sum += d;
            sq += d * d;
        }
        let gain = sum / n;
        (gain, ((sq / n - gain * gain).max(0.0) / n).sqrt())
    };
    let policy = &actions[0];
    let mut best = (0, 0.0);
    for k in (0..r).filter(|&k| actions[k] != *policy) {
        let mut least = f64::INFINITY;
        let mut beats = true;
        for p in (0..r).filter(|&p| actions[p] == *policy) {
            let (gain, se) = paired(k, p);
            beats &= gain > margin * se;
            least = least.min(gain);
        }
        if beats && least > best.1 {
            best = (k, least);
        }
    }
    best.0
}

/// The search's report: root `pick`'s action played, each action's value
/// the mean of its best root over the worlds, the roots' visits the
/// worlds, in the actions' order.
///
/// # Panics
/// When `actions` is empty or `values` is not a whole number of worlds.
pub fn turn_result<A: Copy + Ord>(actions: &[A], values: &[f64], pick: usize) -> SearchResult<A> {
    let r = actions.len();
    assert!(r > 0 && values.len() % r == 0, "values of whole worlds");
    let worlds = (values.len() / r) as u64;
    let mean = |k: usize| values.iter().skip(k).step_by(r).sum::<f64>() / worlds.max(1) as f64;
    let mut root: Vec<RootStat<A>> = Vec::with_capacity(r);
    for (k, &action) in actions.iter().enumerate() {
        let value = mean(k);
        match root.iter_mut().find(|s| s.action == action) {
            Some(s) => s.value = s.value.max(value),
            None => root.push(RootStat {
                action,
                visits: worlds,
                value,
                exact: false,
            }),
        }
    }
    root.sort_by_key(|s| s.action);
    let action = actions[pick];
    SearchResult {
        action: Some(action),
        value: root.iter().find(|s| s.action == action).map_or(0.0, |s| s.value),
        stats: SearchStats {
            leaves: values.len() as u64,
            iterations: values.len() as u64,
            root,
            ..SearchStats::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_stands_unless_another_action_beats_each_of_its_roots() {
        // Three roots: the policy's action 'a' twice, 'b' once; four worlds.
        let actions = ['a', 'a', 'b'];
        // 'b' beats the first 'a' root clearly, the second not at all.
        let v = [0.0, 5.0, 4.0, 0.0, 5.0, 4.1, 0.0, 5.0, 3.9, 0.0, 5.0, 4.0];
        assert_eq!(choose_paired(&actions, &v, 1.0), 0);
        // Now 'b' beats both, by a steady margin.
        let v = [0.0, 1.0, 4.0, 0.0, 1.1, 4.1, 0.1, 0.9, 3.9, 0.0, 1.0, 4.0];
        assert_eq!(choose_paired(&actions, &v, 2.0), 2);
        // Equal values: no switch.
        assert_eq!(choose_paired(&actions, &[1.0; 12], 0.0), 0);
        let r = turn_result(&actions, &v, 2);
        assert_eq!(r.action, Some('b'));
        assert_eq!(r.stats.root.len(), 2);
        assert_eq!(r.stats.root[0].action, 'a');
        assert!((r.stats.root[0].value - 1.0).abs() < 1e-9, "the best of 'a''s roots");
        assert_eq!((r.stats.root[1].visits, r.stats.iterations), (4, 12));
    }
}
