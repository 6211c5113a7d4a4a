//! Dropping the part of a fixture order file the rules refuse, so the demo plays on with
//! other dice (`--fresh-keys`, `--game-id`): Alexandros' orders named by their words (a unit,
//! a leader's move, a replacement, a siege), and any game's orders named by their path in
//! `orders:` (`moves[1]`, `winter.troops[0]`: the list item is dropped).

/// The fixture text with the order part the rules refused in `msg` dropped (a unit that
/// died or stayed behind, a leader's move, a siege), and what was dropped; `None` when the
/// refusal is of another kind.
pub fn repair(text: &str, msg: &str) -> Option<(String, String)> {
    let word_before = |pat: &str| {
        msg.find(pat)
            .and_then(|i| msg[..i].split_whitespace().last())
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
    };
    let word_after = |pat: &str| {
        msg.find(pat)
            .and_then(|i| msg[i + pat.len()..].split_whitespace().next())
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
    };
    // A unit: drop it from every `units: [...]` list.
    let unit = word_before(" is not with")
        .or_else(|| word_after("no unit "))
        .or_else(|| word_before(" is not yours"));
    if let Some(u) = unit.filter(|u| !u.is_empty()) {
        let mut changed = false;
        let lines: Vec<String> = text
            .lines()
            .map(|l| match (l.find("units: ["), l.rfind(']')) {
                (Some(a), Some(b)) if b > a => {
                    let items: Vec<&str> = l[a + 8..b].split(',').map(str::trim).collect();
                    if !items.contains(&u) {
                        return l.to_string();
                    }
                    changed = true;
                    let kept: Vec<&str> = items.into_iter().filter(|x| *x != u).collect();
                    format!("{}{}{}", &l[..a + 8], kept.join(", "), &l[b..])
                }
                _ => l.to_string(),
            })
            .collect();
        if changed {
            return Some((lines.join("\n") + "\n", format!("unit {u}")));
        }
    }
    // A leader's move: drop the whole `- leader: NAME` item.
    if let Some(leader) = word_after("order move ") {
        let mut out = String::new();
        let mut skipping = false;
        let mut changed = false;
        for l in text.lines() {
            let t = l.trim_start();
            if t.starts_with("- leader:") {
                skipping = t.trim_start_matches("- leader:").trim() == leader;
                changed |= skipping;
            } else if skipping && (t.starts_with("- ") || !l.starts_with("    ")) {
                skipping = false;
            }
            if !skipping {
                out.push_str(l);
                out.push('\n');
            }
        }
        if changed {
            let out = empty_lists(&out);
            return Some((out, format!("the move of {leader}")));
        }
    }
    // A replacement: drop its `- {unit: CODE, ...}` item.
    if let Some(unit) = word_after("order replacement ") {
        let item = format!("{{unit: {unit},");
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("- ") && l.contains(&item))
        {
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| !(l.trim_start().starts_with("- ") && l.contains(&item)))
                .collect();
            return Some((
                empty_lists(&(kept.join("\n") + "\n")),
                format!("the replacement of {unit}"),
            ));
        }
    }
    // A siege: drop the `sieges:` line naming the city.
    if let Some(city) = word_after("order siege ") {
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("sieges:") && l.contains(city))
        {
            let out: Vec<String> = text
                .lines()
                .map(|l| {
                    if l.trim_start().starts_with("sieges:") && l.contains(city) {
                        format!("{}sieges: {{}}", &l[..l.len() - l.trim_start().len()])
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            return Some((out.join("\n") + "\n", format!("the siege of {city}")));
        }
    }
    None
}

/// `moves:` or `replacements:` left with no items (comments aside) becomes `KEY: []`.
fn empty_lists(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut fixed = String::new();
    for (i, l) in lines.iter().enumerate() {
        fixed.push_str(l);
        let key = l.split('#').next().unwrap_or("").trim_end();
        if key.ends_with("moves:") || key.ends_with("replacements:") {
            let indent = l.len() - l.trim_start().len();
            // The next line that is not a comment (fixture files comment their items).
            let next = lines[i + 1..].iter().find(|n| {
                let t = n.trim_start();
                !t.is_empty() && !t.starts_with('#')
            });
            let has_items = next.is_some_and(|n| {
                let ni = n.len() - n.trim_start().len();
                ni > indent || (ni == indent && n.trim_start().starts_with("- "))
            });
            if !has_items {
                fixed.truncate(fixed.len() - l.len());
                fixed.push_str(&format!("{key} []"));
            }
        }
        fixed.push('\n');
    }
    fixed
}

/// The fixture text with the list item the rules refused in `msg` dropped — the order the
/// message names by its path, `order moves[1] refused …` or `order winter.troops[0] refused
/// …` — and what was dropped; `None` when the message names no list item of the file. The
/// file is written again from its values (its comments go; the first line says what went).
pub fn repair_by_path(text: &str, msg: &str) -> Option<(String, String)> {
    let at = msg.find("order ")? + "order ".len();
    let path = msg[at..].split_whitespace().next()?;
    let Some((list, index)) = path.strip_suffix(']').and_then(|p| p.rsplit_once('[')) else {
        return repair_by_value(text, path);
    };
    let index: usize = index.parse().ok()?;
    let mut doc: serde_json::Value =
        serde_saphyr::from_str_with_options(text, crate::protocol::log::yaml_options()).ok()?;
    let mut node = doc.get_mut("orders")?;
    for key in list.split('.') {
        node = node.get_mut(key)?;
    }
    let items = node.as_array_mut()?;
    if index >= items.len() {
        return None;
    }
    // A unit or commander the item takes along that is gone or elsewhere (`no unit or
    // commander `X``, `X stands at …`, `X has already moved …`): only it is dropped.
    if let Some(id) = named_piece(msg) {
        if drop_piece(&mut items[index], &id) {
            let what = format!("{id} from {path}");
            let yaml = serde_saphyr::to_string(&doc).ok()?;
            return Some((
                format!("# The demo dropped {what}, which the rules refused.\n{yaml}"),
                what,
            ));
        }
    }
    let gone = items.remove(index);
    let what = match gone.get("commander").and_then(|c| c.as_str()) {
        Some(c) => format!("{path} (the move of {c})"),
        None => path.to_string(),
    };
    let yaml = serde_saphyr::to_string(&doc).ok()?;
    Some((
        format!("# The demo dropped {what}, which the rules refused.\n{yaml}"),
        what,
    ))
}

/// The fixture text with the list item of `orders:` that a refusal names by a value of its
/// own (`order heavy-cavalry refused …` for `{type: heavy-cavalry, …}` in `winter.troops`)
/// dropped, and what was dropped; `None` when no item holds that value.
fn repair_by_value(text: &str, name: &str) -> Option<(String, String)> {
    fn find(v: &mut serde_json::Value, name: &str, at: &str) -> Option<String> {
        match v {
            serde_json::Value::Array(items) => {
                let i = items.iter().position(|x| {
                    x.as_object()
                        .is_some_and(|o| o.values().any(|f| f.as_str() == Some(name)))
                });
                if let Some(i) = i {
                    items.remove(i);
                    return Some(format!("{at}[{i}]"));
                }
                None
            }
            serde_json::Value::Object(m) => m.iter_mut().find_map(|(k, x)| {
                let here = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                find(x, name, &here)
            }),
            _ => None,
        }
    }
    let mut doc: serde_json::Value =
        serde_saphyr::from_str_with_options(text, crate::protocol::log::yaml_options()).ok()?;
    let at = find(doc.get_mut("orders")?, name, "")?;
    let what = format!("{at} ({name})");
    let yaml = serde_saphyr::to_string(&doc).ok()?;
    Some((
        format!("# The demo dropped {what}, which the rules refused.\n{yaml}"),
        what,
    ))
}

/// The unit or commander a refusal's reason names first: the one in backticks, else the
/// reason's first word.
fn named_piece(msg: &str) -> Option<String> {
    let reason = msg.split_once("): ")?.1;
    if let Some((_, rest)) = reason.split_once('`') {
        return rest.split_once('`').map(|(id, _)| id.to_string());
    }
    reason.split_whitespace().next().map(str::to_string)
}

/// Drops `id` from a move's `with:` and the lists of its `pick_up:` and `drop_off:`;
/// whether it was there.
fn drop_piece(item: &mut serde_json::Value, id: &str) -> bool {
    let mut found = false;
    let mut strip = |list: &mut serde_json::Value| {
        if let Some(a) = list.as_array_mut() {
            let n = a.len();
            a.retain(|x| x.as_str() != Some(id));
            found |= a.len() != n;
        }
    };
    if let Some(w) = item.get_mut("with") {
        strip(w);
    }
    for key in ["pick_up", "drop_off"] {
        if let Some(m) = item.get_mut(key).and_then(|m| m.as_object_mut()) {
            for list in m.values_mut() {
                strip(list);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dropping the first of two commented moves keeps valid YAML (regression: the demo wrote
    /// `moves: []` followed by the second move's item).
    #[test]
    fn repair_drops_a_move_between_comments() {
        let text = "orders:\n  moves:\n  - leader: Alexander\n    to: Lybia\n    units: [all]\n  # Agis has risen\n  - leader: Antipater\n    to: Hellas\n    units: [all]\n";
        let (fixed, what) = repair(
            text,
            "order move Alexander to Lybia refused (Alexandros 8.1): x",
        )
        .expect("repaired");
        assert_eq!(what, "the move of Alexander");
        assert!(
            fixed.contains("  moves:\n  # Agis has risen\n  - leader: Antipater"),
            "{fixed}"
        );
        let (fixed, _) = repair(
            &fixed,
            "order move Antipater to Hellas refused (Alexandros 8.1): x",
        )
        .expect("repaired");
        assert!(fixed.contains("  moves: []"), "{fixed}");
    }

    #[test]
    fn repair_drops_a_refused_replacement() {
        let text =
            "orders:\n  replacements:   # 12.3\n  - {unit: hetairoi, steps: 1}\n  moves: []\n";
        let (fixed, what) = repair(
            text,
            "order replacement hetairoi refused (Alexandros 12.3): hetairoi cannot exceed full strength",
        )
        .expect("repaired");
        assert_eq!(what, "the replacement of hetairoi");
        assert_eq!(fixed, "orders:\n  replacements: []\n  moves: []\n");
    }

    #[test]
    fn repair_by_path_drops_the_refused_list_item() {
        let text = "game: \"ab\"\nafter: 3\nside: rome\norders:\n  moves:\n  - commander: field-consul\n    path: [\"4219\"]\n  - commander: praetor-2\n    path: [\"2303\"]\n  winter:\n    troops: [{type: hoplite, count: 2, at: Roma}]\n";
        let (fixed, what) = repair_by_path(
            text,
            "o.yaml:14:7: order moves[1] refused (Romans [5.1]): path[1] 4444: not next",
        )
        .expect("repaired");
        assert_eq!(what, "moves[1] (the move of praetor-2)");
        let body = fixed.split_once('\n').unwrap().1;
        assert!(
            body.contains("field-consul") && !body.contains("praetor-2"),
            "{fixed}"
        );
        assert!(
            fixed.contains("'4219'") || fixed.contains("\"4219\""),
            "hexes stay strings: {fixed}"
        );
        let (fixed, what) =
            repair_by_path(&fixed, "order winter.troops[0] refused (Romans [17.3]): x").unwrap();
        assert_eq!(what, "winter.troops[0]");
        assert!(!fixed.contains("hoplite"), "{fixed}");
        assert!(repair_by_path(text, "order moves refused (Romans [17.36]): x").is_none());
        // A unit gone from the army: only it leaves the move.
        let two = "orders:\n  moves:\n  - commander: philip-v\n    with: [macedon-archer-1, leo]\n    path: [\"5123\"]\n";
        let (fixed, what) = repair_by_path(
            two,
            "order moves[0] refused (Romans [5.13]): no unit or commander `macedon-archer-1` (did you mean macedon-archer-2?)",
        )
        .unwrap();
        assert_eq!(what, "macedon-archer-1 from moves[0]");
        assert!(
            fixed.contains("philip-v")
                && fixed.contains("leo")
                && !fixed.contains("- macedon-archer-1"),
            "{fixed}"
        );
        let (_, what) = repair_by_path(
            two,
            "order moves[0] refused (Romans [5.13]): leo stands at 5520, not at 5123",
        )
        .unwrap();
        assert_eq!(what, "leo from moves[0]");
        // A Winter order named by its troop type.
        let w = "orders:\n  winter:\n    troops:\n    - {type: archer, count: 3, at: Pella}\n    - {type: heavy-cavalry, count: 2, at: Pella}\n  moves: []\n";
        let (fixed, what) = repair_by_path(
            w,
            "x.yaml:17:9: order heavy-cavalry refused (Romans [17.3]): the counter mix leaves Macedon 1 more",
        )
        .unwrap();
        assert_eq!(what, "winter.troops[1] (heavy-cavalry)");
        assert!(
            fixed.contains("archer") && !fixed.contains("heavy-cavalry\n"),
            "{fixed}"
        );
    }
}
