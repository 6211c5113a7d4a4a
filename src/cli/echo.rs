//! What `apply` echoes back to the player: his standing orders as he would write them
//! (YAML, whole), and the orders it accepted when their outcome waits for a dice reveal.

use crate::engine::game::Game;

/// What the sender's standing orders will do from now on (in the game's words, or key by key)
/// and, when the entry carried a `standing:` block, what it changed: merged key by key or
/// replacing the earlier block whole, as the ruleset does (`engine::standing`).
pub(super) fn standing_lines(
    before: &Game,
    after: &Game,
    side: &str,
    new: Option<&serde_json::Value>,
) -> Vec<String> {
    use crate::engine::standing::{and_list, change};
    let Some(now) = after.standing(side).or(new) else {
        return Vec::new();
    };
    let mut out = vec![match new {
        Some(_) => format!(
            "Standing orders of the {side} from now on (they answer for you, and are reported in your name, wherever they cover a choice):"
        ),
        None => format!(
            "Your standing orders stay as they were (this file has no `standing:`); in the coming steps they answer for the {side}:"
        ),
    }];
    let described = after.describe_standing(side, now);
    if described.is_empty() {
        out.extend(as_written(now));
    } else {
        out.extend(described.into_iter().map(|l| format!("  - {l}")));
    }
    let Some(new) = new else {
        return out;
    };
    const MERGE: &str = "A new `standing:` block merges key by key with the earlier one: a key given replaces it, `key: ~` removes it, a key left out stays.";
    let Some(old) = before.standing(side) else {
        if before.merges_standing() {
            out.push(MERGE.to_string());
        }
        return out;
    };
    let c = change(Some(old), new, now);
    let quote =
        |keys: &[String]| and_list(&keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>());
    if before.merges_standing() {
        let mut parts = Vec::new();
        if !c.replaced.is_empty() {
            parts.push(format!("replaces your earlier {}", quote(&c.replaced)));
        }
        if !c.repeated.is_empty() {
            parts.push(format!("repeats {} unchanged", quote(&c.repeated)));
        }
        if !c.added.is_empty() {
            parts.push(format!("adds {}", quote(&c.added)));
        }
        if !c.removed.is_empty() {
            parts.push(format!("removes {}", quote(&c.removed)));
        }
        let mut line = if parts.is_empty() {
            "This block changes none of your earlier standing orders".to_string()
        } else {
            format!("This block {}", and_list(&parts))
        };
        if !c.kept.is_empty() {
            line.push_str(&format!(
                "; your earlier {} stay{} in force",
                quote(&c.kept),
                if c.kept.len() == 1 { "s" } else { "" }
            ));
        }
        line.push_str(". ");
        line.push_str(MERGE);
        out.push(line);
    } else if c.removed.is_empty() {
        out.push("This block replaces your earlier standing orders.".to_string());
    } else {
        out.push(format!(
            "This block replaces your earlier standing orders as a whole: {} no longer set (repeat them in the block to keep them).",
            c.removed.join(", ")
        ));
    }
    out
}

/// Standing orders key by key as the player would write them (YAML, whole): used when the
/// game gives no words of its own for them.
pub(super) fn as_written(standing: &serde_json::Value) -> Vec<String> {
    standing
        .as_object()
        .map(|m| m.iter().flat_map(|(k, v)| yaml_item(k, v)).collect())
        .unwrap_or_default()
}

/// `key: value` as the player would write it in YAML: a plain value on the key's line,
/// a list or mapping as an indented block under it (whole, never cut short).
pub(super) fn yaml_item(key: &str, value: &serde_json::Value) -> Vec<String> {
    let text = serde_saphyr::to_string(value).unwrap_or_else(|_| value.to_string());
    let lines: Vec<&str> = text.trim_end().lines().collect();
    match lines.as_slice() {
        [one] if !(value.is_object() || value.is_array()) || one.starts_with(['[', '{']) => {
            vec![format!("  - {key}: {one}")]
        }
        _ => std::iter::once(format!("  - {key}:"))
            .chain(lines.iter().map(|l| format!("      {l}")))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_echoes_a_battle_plan_as_yaml_not_cut_json() {
        let plan = serde_json::json!({
            "battle_plan": {"attack_from": [{"box": "Center", "units": ["phalanx-1", "phalanx-2"], "when": "always"}]},
            "sortie": "never"
        });
        let lines = as_written(&plan);
        let text = lines.join("\n");
        assert!(
            text.contains("  - battle_plan:\n      attack_from:"),
            "{text}"
        );
        assert!(text.contains("box: Center"), "{text}");
        assert!(text.contains("when: always"), "{text}");
        assert!(text.contains("  - sortie: never"), "{text}");
        assert!(!text.contains('{') && !text.contains("..."), "{text}");
    }
}
