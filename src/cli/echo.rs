//! What `apply` echoes back to the player: his standing orders as he would write them
//! (YAML, whole), and the orders it accepted when their outcome waits for a dice reveal.

pub(super) fn keys_of(v: &serde_json::Value) -> Vec<String> {
    v.as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

/// What a new `standing:` block does: each rule it sets (it replaces the earlier block as a
/// whole — PROTOCOL "standing orders"), and the earlier keys it no longer sets.
pub(super) fn standing_lines(
    old: Option<&serde_json::Value>,
    new: &serde_json::Value,
    side: &str,
) -> Vec<String> {
    let mut out = vec![format!(
        "Standing orders of the {side} from now on (they answer for you, and are reported in your name, wherever they cover a choice):"
    )];
    if let Some(m) = new.as_object() {
        for (k, v) in m {
            out.extend(yaml_item(k, v));
        }
    }
    if let Some(old) = old {
        let new_keys = keys_of(new);
        let dropped: Vec<String> = keys_of(old)
            .into_iter()
            .filter(|k| !new_keys.contains(k))
            .collect();
        out.push(if dropped.is_empty() {
            "This block replaces your earlier standing orders.".to_string()
        } else {
            format!(
                "This block replaces your earlier standing orders as a whole: {} no longer set (repeat them in the block to keep them).",
                dropped.join(", ")
            )
        });
    }
    out
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
        let lines = standing_lines(None, &plan, "macedonian");
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
