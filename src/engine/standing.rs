//! Standing orders kept per side (PROTOCOL §12): how a new `standing:` block combines with the
//! side's earlier one, and what changed, for `apply` to tell the player.
//!
//! A ruleset that merges standing orders ([`crate::ruleset::Ruleset::merges_standing`]) has a
//! new block merge key by key with the earlier one: each top-level key the block gives replaces
//! that key's earlier value whole (a battle plan is one key), a key given as null (`key: ~`, or
//! an empty `[]`/`{}` the rules read as "none") removes it, and every key the block leaves out
//! stays as it was. A ruleset that does not merge has each new block replace the earlier one.
//! Either way the engine knows no key's meaning.

use serde_json::Value;

/// The standing orders in force after `new` arrives on top of `old` (`merge`: key by key, see
/// the module docs; otherwise `new` whole). Null keys never remain in the result.
pub fn combine(old: Option<&Value>, new: &Value, merge: bool) -> Value {
    if !merge {
        return new.clone();
    }
    let Some(add) = new.as_object() else {
        return new.clone();
    };
    let mut out = match old {
        Some(Value::Object(m)) => m.clone(),
        _ => serde_json::Map::new(),
    };
    for (k, v) in add {
        if v.is_null() {
            out.remove(k);
        } else {
            out.insert(k.clone(), v.clone());
        }
    }
    Value::Object(out)
}

/// What a new `standing:` block did to a side's standing orders, key by key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Change {
    /// Keys set that were not set before.
    pub added: Vec<String>,
    /// Keys whose earlier value the block replaced (with a different value).
    pub replaced: Vec<String>,
    /// Keys the block repeated unchanged.
    pub repeated: Vec<String>,
    /// Keys the block removed: given as null when merging, or left out when the block
    /// replaces the earlier one whole.
    pub removed: Vec<String>,
    /// Keys the block left out that stay in force (merging only).
    pub kept: Vec<String>,
}

fn keys(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

/// Compares the standing orders `before` and `after` a block `new` (as sent, nulls included).
pub fn change(before: Option<&Value>, new: &Value, after: &Value) -> Change {
    let old = before.and_then(Value::as_object);
    let sent = new.as_object();
    let now = after.as_object();
    let mut c = Change::default();
    for k in keys(Some(after)) {
        let was = old.and_then(|m| m.get(&k));
        let given = sent.is_some_and(|m| m.contains_key(&k));
        match was {
            None => c.added.push(k),
            Some(_) if !given => c.kept.push(k),
            Some(w) if now.and_then(|m| m.get(&k)) == Some(w) => c.repeated.push(k),
            Some(_) => c.replaced.push(k),
        }
    }
    for k in keys(before) {
        if !now.is_some_and(|m| m.contains_key(&k)) {
            c.removed.push(k);
        }
    }
    c
}

/// Keys as a list for a sentence: `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merging_replaces_given_keys_removes_null_ones_keeps_the_rest() {
        let old = json!({"sortie": "never", "losses": ["a"], "retreat_to": {"X": "Y"}});
        let new = json!({"sortie": "always", "losses": null});
        let after = combine(Some(&old), &new, true);
        assert_eq!(
            after,
            json!({"sortie": "always", "retreat_to": {"X": "Y"}}),
            "sortie replaced, losses removed, retreat_to kept"
        );
        let c = change(Some(&old), &new, &after);
        assert_eq!(c.replaced, ["sortie"]);
        assert_eq!(c.removed, ["losses"]);
        assert_eq!(c.kept, ["retreat_to"]);
        assert!(c.added.is_empty() && c.repeated.is_empty());
    }

    #[test]
    fn without_merging_a_block_replaces_the_earlier_whole() {
        let old = json!({"auto": "block", "other": 1});
        let new = json!({"auto": "take"});
        let after = combine(Some(&old), &new, false);
        assert_eq!(after, new);
        let c = change(Some(&old), &new, &after);
        assert_eq!(c.replaced, ["auto"]);
        assert_eq!(c.removed, ["other"]);
    }

    #[test]
    fn a_first_block_drops_its_null_keys() {
        let after = combine(None, &json!({"a": null, "b": 1}), true);
        assert_eq!(after, json!({"b": 1}));
    }

    #[test]
    fn lists_read_as_sentences() {
        assert_eq!(and_list(&["a".into()]), "a");
        assert_eq!(
            and_list(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
