//! Every order of a file the rules refuse, at once.
//!
//! A ruleset stops at the first order it refuses. To report them all, the engine sets
//! the refused order aside and asks again, until the rest is taken: game-agnostic, since
//! it works on the orders as a YAML/JSON tree. The parts set aside one at a time are the
//! entries of the lists and maps under `orders:` (a move, a siege, a garrison), one
//! level down inside a map (`decision:`, `battle:`). The refused part is the one whose
//! absence makes that refusal go away — of those, the one whose names the refusal
//! mentions most, the later one on a tie (the order that conflicts with an earlier one).

use serde_json::Value;

use super::game::Game;
use crate::ruleset::RuleError;

/// One refusal: the rules' reason and the part of `orders:` it is about (a path such as
/// `/moves/1`, `None` when no single part is to blame).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub path: Option<String>,
    pub error: RuleError,
}

/// At most this many refusals are collected from one file.
const MAX_REFUSALS: usize = 16;

/// A part of the orders that can be set aside: its path segments.
type Part = Vec<String>;

fn pointer(part: &Part) -> String {
    part.iter().map(|s| format!("/{s}")).collect()
}

/// The parts of `orders` (see the module docs), in no particular order.
fn parts(orders: &Value) -> Vec<Part> {
    let mut out = Vec::new();
    let Value::Object(top) = orders else {
        return out;
    };
    for (k, v) in top {
        match v {
            Value::Array(items) => {
                out.extend((0..items.len()).map(|i| vec![k.clone(), i.to_string()]));
            }
            Value::Object(m) => {
                for (k2, v2) in m {
                    match v2 {
                        Value::Array(items) if !items.is_empty() => out.extend(
                            (0..items.len()).map(|i| vec![k.clone(), k2.clone(), i.to_string()]),
                        ),
                        _ => out.push(vec![k.clone(), k2.clone()]),
                    }
                }
            }
            _ => out.push(vec![k.clone()]),
        }
    }
    out
}

/// `orders` without the parts `gone` (list entries are removed, so later ones move up).
fn without(orders: &Value, gone: &[&Part]) -> Value {
    let mut out = orders.clone();
    // Remove list entries from the highest index down, so indices stay valid.
    let mut sorted: Vec<&Part> = gone.to_vec();
    sorted.sort_by(|a, b| {
        let key = |p: &Part| {
            (
                p[..p.len() - 1].to_vec(),
                std::cmp::Reverse(p.last().and_then(|s| s.parse::<usize>().ok())),
            )
        };
        key(a).cmp(&key(b))
    });
    for part in sorted {
        let (last, parents) = part.split_last().expect("a part has a path");
        let parent = pointer(&parents.to_vec());
        let Some(node) = out.pointer_mut(&parent) else {
            continue;
        };
        match node {
            Value::Object(m) => {
                m.remove(last);
            }
            Value::Array(items) => {
                if let Ok(i) = last.parse::<usize>() {
                    if i < items.len() {
                        items.remove(i);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The names in a part (its keys and text values), to match against a refusal's words.
fn names_in(orders: &Value, part: &Part) -> Vec<String> {
    fn collect(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Number(n) => out.push(n.to_string()),
            Value::Array(items) => items.iter().for_each(|i| collect(i, out)),
            Value::Object(m) => m.iter().for_each(|(k, v)| {
                out.push(k.clone());
                collect(v, out);
            }),
            _ => {}
        }
    }
    let mut out = vec![part.last().cloned().unwrap_or_default()];
    if let Some(v) = orders.pointer(&pointer(part)) {
        collect(v, &mut out);
    }
    out
}

/// The words of a text: names, unit codes (`home-army-1`) and numbers.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// How many of `names` the refusal's order and reason mention as whole words (every
/// refusal of a [`RuleError::Several`]).
fn mentions(e: &RuleError, names: &[String]) -> usize {
    let text: String = e
        .each()
        .into_iter()
        .filter_map(|x| match x {
            RuleError::Illegal { order, reason, .. } => Some(format!("{order} {reason} ")),
            _ => None,
        })
        .collect();
    let words = words(&text);
    names
        .iter()
        .filter(|n| !n.is_empty() && words.iter().any(|w| w == n))
        .count()
}

/// Where in `part` one refusal of it points: the first value (in document order of the
/// JSON tree) whose text its reason names — the misspelt leader, the province out of reach —,
/// else the part itself.
fn locate(orders: &Value, part: &Part, e: &RuleError) -> String {
    let RuleError::Illegal { reason, .. } = e else {
        return pointer(part);
    };
    // The reason up to "(did you mean": the names it suggests are not in the file.
    let said = reason
        .split(" (did you mean")
        .next()
        .unwrap_or(reason.as_str());
    let said = words(said);
    fn leaves(v: &Value, at: String, out: &mut Vec<(String, String)>) {
        match v {
            Value::String(s) => out.push((at, s.clone())),
            Value::Number(n) => out.push((at, n.to_string())),
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    leaves(x, format!("{at}/{i}"), out);
                }
            }
            Value::Object(m) => {
                for (k, x) in m {
                    leaves(x, format!("{at}/{k}"), out);
                }
            }
            _ => {}
        }
    }
    let base = pointer(part);
    let mut found = Vec::new();
    if let Some(v) = orders.pointer(&base) {
        leaves(v, base.clone(), &mut found);
    }
    // A map key names the order itself (`sieges: {Halicarnasus: ..}`).
    if let Some(key) = part.last().filter(|k| k.parse::<usize>().is_err()) {
        found.insert(0, (base.clone(), key.clone()));
    }
    found
        .into_iter()
        .find(|(_, text)| said.iter().any(|w| w == text))
        .map(|(at, _)| at)
        .unwrap_or(base)
}

/// Every refusal of `orders` by `side` in `game` (the first is `first`, already found).
///
/// Returns them in the order found; each names the part of the orders it is about when
/// one part can be singled out — each refusal of a [`RuleError::Several`] at the value of
/// that part its reason names.
pub fn all(
    game: &Game,
    side: &str,
    orders: &Value,
    standing: Option<&Value>,
    first: RuleError,
) -> Vec<Refusal> {
    let parts = parts(orders);
    let mut gone: Vec<usize> = Vec::new();
    let mut out: Vec<Refusal> = Vec::new();
    let mut seen: Vec<RuleError> = Vec::new();
    let mut error = first;
    loop {
        let check = |gone: &[usize], extra: Option<usize>| {
            let set: Vec<&Part> = gone
                .iter()
                .chain(extra.as_ref())
                .map(|&i| &parts[i])
                .collect();
            game.check_orders(side, &without(orders, &set), standing)
        };
        // The parts whose absence makes this refusal go away.
        let mut best: Option<(usize, usize)> = None; // (mentions, part)
        for i in 0..parts.len() {
            if gone.contains(&i) {
                continue;
            }
            if check(&gone, Some(i)).as_ref().err() == Some(&error) {
                continue;
            }
            let score = mentions(&error, &names_in(orders, &parts[i]));
            let later = |j: usize| match same_list_later(&parts[i], &parts[j]) {
                Some(later) => later,
                None => parts[i] > parts[j],
            };
            match best {
                Some((s, j)) if s > score || (s == score && !later(j)) => {}
                _ => best = Some((score, i)),
            }
        }
        // A later refusal no part still there can be blamed for comes from setting parts
        // aside (a required order now missing): it is not the file's.
        if best.is_none() && !out.is_empty() {
            break;
        }
        match (&error, best) {
            (RuleError::Several(v), Some((_, i))) => out.extend(v.iter().map(|e| Refusal {
                path: Some(locate(orders, &parts[i], e)),
                error: e.clone(),
            })),
            _ => out.push(Refusal {
                path: best.map(|(_, i)| pointer(&parts[i])),
                error: error.clone(),
            }),
        }
        seen.push(error.clone());
        let Some((_, culprit)) = best else { break };
        gone.push(culprit);
        if out.len() >= MAX_REFUSALS {
            break;
        }
        match check(&gone, None) {
            Ok(()) => break,
            Err(e) if seen.contains(&e) => break,
            Err(e) => error = e,
        }
    }
    out
}

/// Whether `a` comes after `b` when both are entries of the same list (by index).
fn same_list_later(a: &Part, b: &Part) -> Option<bool> {
    let index = |p: &Part| p.last().and_then(|s| s.parse::<usize>().ok());
    (a.len() == b.len() && a[..a.len() - 1] == b[..b.len() - 1])
        .then(|| Some(index(a)? > index(b)?))
        .flatten()
}
