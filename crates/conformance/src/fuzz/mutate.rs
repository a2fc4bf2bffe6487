//! The mutations: what a careless or hostile host changes in a real
//! observation, on its JSON alone (no game is named).

use serde_json::Value;
use tabula_search::Rng;

/// A step of JSON: a key or an index.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every path in `value`, the root included.
fn paths(value: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                here.push(Step::Key(k.clone()));
                paths(v, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                here.push(Step::Index(i));
                paths(v, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(value, |v, step| match step {
        Step::Key(k) => v.get(k),
        Step::Index(i) => v.get(*i),
    })
}

fn at_mut<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |v, step| match step {
        Step::Key(k) => v.get_mut(k),
        Step::Index(i) => v.get_mut(*i),
    })
}

/// Numbers near the ones games use, and a few far from them.
const NUMBERS: [i64; 12] = [0, 1, 2, 3, 4, 5, 10, 13, 52, 255, -1, 1 << 40];

/// A mutant of `obs`, made by one to three mutations drawn from `rng`;
/// `others` are real observations of the same game to splice from.
pub fn mutate<T: AsRef<Value>>(obs: &Value, others: &[T], rng: &mut Rng) -> Value {
    let mut out = obs.clone();
    let times = 1 + rng.below(3);
    for _ in 0..times {
        mutate_once(&mut out, others, rng);
    }
    out
}

fn mutate_once<T: AsRef<Value>>(value: &mut Value, others: &[T], rng: &mut Rng) {
    let mut all = Vec::new();
    paths(value, &mut Vec::new(), &mut all);
    let path = all[rng.below(all.len() as u64) as usize].clone();
    match rng.below(10) {
        // A field from another moment of the game (a score, a phase, a
        // count, a hand): the same path in another real observation.
        0 | 1 => {
            let other = others[rng.below(others.len() as u64) as usize].as_ref();
            if let (Some(v), Some(slot)) = (at(other, &path), at_mut(value, &path)) {
                *slot = v.clone();
            }
        }
        // A card moved between two sets (integers whose bits are cards) or
        // two lists.
        2 | 3 => move_between(value, &all, rng),
        _ => {
            let Some(slot) = at_mut(value, &path) else { return };
            mutate_leaf(slot, rng);
        }
    }
}

/// Changes one value in place, by its kind.
fn mutate_leaf(slot: &mut Value, rng: &mut Rng) {
    match slot {
        Value::Number(n) => {
            let v = n.as_i64().unwrap_or(0);
            *slot = Value::from(match rng.below(5) {
                0 => v + 1,
                1 => v - 1,
                2 if (0..1 << 62).contains(&v) => v ^ (1 << rng.below(64.min(2 + 64 - u64::from(v.leading_zeros())))),
                _ => NUMBERS[rng.below(NUMBERS.len() as u64) as usize],
            });
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => {
            *slot = Value::from(NUMBERS[rng.below(6) as usize]);
        }
        Value::String(_) => {
            *slot = match rng.below(3) {
                0 => Value::Null,
                1 => Value::from(""),
                _ => Value::from(0),
            };
        }
        Value::Array(items) => match rng.below(4) {
            0 if !items.is_empty() => {
                items.remove(rng.below(items.len() as u64) as usize);
            }
            1 if !items.is_empty() => {
                let v = items[rng.below(items.len() as u64) as usize].clone();
                items.insert(rng.below(items.len() as u64 + 1) as usize, v);
            }
            2 if items.len() > 1 => {
                let (i, j) = (rng.below(items.len() as u64), rng.below(items.len() as u64));
                items.swap(i as usize, j as usize);
            }
            _ => *slot = Value::Null,
        },
        Value::Object(map) => {
            if map.is_empty() || rng.below(4) == 0 {
                *slot = Value::Null;
            } else {
                let keys: Vec<String> = map.keys().cloned().collect();
                let key = &keys[rng.below(keys.len() as u64) as usize];
                map.remove(key);
            }
        }
    }
}

/// Moves one element (a set bit, or an item) from one place to another of
/// the same kind: a card from one zone to another.
fn move_between(value: &mut Value, all: &[Vec<Step>], rng: &mut Rng) {
    let sets: Vec<&Vec<Step>> = all
        .iter()
        .filter(|p| at(value, p).and_then(Value::as_u64).is_some_and(|v| v > 0))
        .collect();
    let lists: Vec<&Vec<Step>> = all
        .iter()
        .filter(|p| at(value, p).and_then(Value::as_array).is_some_and(|a| !a.is_empty()))
        .collect();
    if rng.below(2) == 0 && !sets.is_empty() {
        let from = sets[rng.below(sets.len() as u64) as usize].clone();
        let ints: Vec<&Vec<Step>> = all.iter().filter(|p| at(value, p).is_some_and(Value::is_u64)).collect();
        let to = ints[rng.below(ints.len() as u64) as usize].clone();
        let v = at(value, &from).and_then(Value::as_u64).unwrap_or(0);
        let bits: Vec<u32> = (0..64).filter(|b| v >> b & 1 == 1).collect();
        let bit = bits[rng.below(bits.len() as u64) as usize];
        if let Some(slot) = at_mut(value, &from) {
            *slot = Value::from(v & !(1u64 << bit));
        }
        if let Some(slot) = at_mut(value, &to) {
            let w = slot.as_u64().unwrap_or(0);
            *slot = Value::from(w | 1u64 << bit);
        }
    } else if !lists.is_empty() {
        let from = lists[rng.below(lists.len() as u64) as usize].clone();
        let all_lists: Vec<&Vec<Step>> = all
            .iter()
            .filter(|p| at(value, p).is_some_and(Value::is_array))
            .collect();
        let to = all_lists[rng.below(all_lists.len() as u64) as usize].clone();
        let item = match at_mut(value, &from).and_then(Value::as_array_mut) {
            Some(items) if !items.is_empty() => items.remove(rng.below(items.len() as u64) as usize),
            _ => return,
        };
        if let Some(items) = at_mut(value, &to).and_then(Value::as_array_mut) {
            let i = rng.below(items.len() as u64 + 1) as usize;
            items.insert(i, item);
        }
    }
}
