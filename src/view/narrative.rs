//! What happened, as a narrative: the events of the latest entries grouped by turn, phase and —
//! in battles — round and half-round, each naming the side whose orders or standing orders
//! caused it.

use serde::{Deserialize, Serialize};

use crate::ruleset::Event;

/// One event in the narrative.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NarrativeEvent {
    /// The sentence.
    pub text: String,
    /// The rule applied (empty when the text already names it).
    pub rule: String,
    /// The side whose orders caused it.
    pub by: Option<String>,
    /// Caused by standing orders or a battle plan.
    pub standing: bool,
    /// The log entry whose resolution produced it.
    pub entry: u64,
}

impl NarrativeEvent {
    /// `text (rule)`, the rule left out when the text already cites it, prefixed with the
    /// standing orders that acted (`Persian standing orders: …`).
    pub fn line(&self) -> String {
        let mut s = String::new();
        if self.standing {
            if let Some(by) = &self.by {
                s.push_str(&format!("{} standing orders: ", capitalised(by)));
            }
        }
        s.push_str(&super::cited(&self.text, &self.rule));
        s
    }
}

/// Events that happened in one turn, phase and round.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventGroup {
    /// Turn in words (may be empty when the ruleset gives none).
    pub turn: String,
    /// Phase in words.
    pub phase: String,
    /// Round and half-round, minor combat or siege, if any.
    pub round: Option<String>,
    /// The events in order.
    pub events: Vec<NarrativeEvent>,
}

impl EventGroup {
    /// `Spring 334 — Combat phase — round 2, Persian half-round`.
    pub fn title(&self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        if !self.turn.is_empty() {
            parts.push(&self.turn);
        }
        if !self.phase.is_empty() {
            parts.push(&self.phase);
        }
        if let Some(r) = &self.round {
            parts.push(r);
        }
        parts.join(" — ")
    }
}

/// One entry's events, as the engine remembers them.
#[derive(Debug, Clone, Copy)]
pub struct EntryRef<'a> {
    /// Sequence number.
    pub seq: u64,
    /// The side that sent it.
    pub author: &'a str,
    /// Its events.
    pub events: &'a [Event],
}

/// Groups the events of `entries` (in log order) by turn, phase and round: consecutive events
/// in the same place share a group. Events a ruleset left without context go under
/// `entry N by SIDE`, caused by the entry's author.
pub fn group(entries: &[EntryRef<'_>]) -> Vec<EventGroup> {
    let mut out: Vec<EventGroup> = Vec::new();
    for e in entries {
        for ev in e.events {
            let turn = ev.turn.clone().unwrap_or_default();
            let phase = ev
                .phase
                .clone()
                .unwrap_or_else(|| format!("entry {} by {}", e.seq, e.author));
            let by = ev.by.clone().or_else(|| {
                (ev.phase.is_none() && ev.rule != "legatus protocol").then(|| e.author.to_string())
            });
            let rule = if ev.text.contains(&ev.rule) {
                String::new()
            } else {
                ev.rule.clone()
            };
            let item = NarrativeEvent {
                text: ev.text.clone(),
                rule,
                by,
                standing: ev.standing,
                entry: e.seq,
            };
            match out.last_mut() {
                Some(g) if g.turn == turn && g.phase == phase && g.round == ev.round => {
                    g.events.push(item)
                }
                _ => out.push(EventGroup {
                    turn,
                    phase,
                    round: ev.round.clone(),
                    events: vec![item],
                }),
            }
        }
    }
    out
}

/// `macedonian` → `Macedonian`.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrative_groups_by_turn_phase_and_round() {
        let mut a = Event::new("Alexandros 10.12", "attack at 2-1");
        a.turn = Some("Spring 334".into());
        a.phase = Some("Combat phase".into());
        a.round = Some("round 1, Macedonian half-round".into());
        a.by = Some("macedonian".into());
        let mut b = a.clone();
        b.text = "the Persian Center routs".into();
        let mut c = a.clone();
        c.round = Some("round 1, Persian half-round".into());
        c.by = Some("persian".into());
        c.standing = true;
        let plain = Event::new(
            "Alexandros 3.3",
            "Darius sets up in Persis (Alexandros 3.3)",
        );
        let evs = vec![a, b, c];
        let first = [plain];
        let g = group(&[
            EntryRef {
                seq: 3,
                author: "persian",
                events: &first,
            },
            EntryRef {
                seq: 4,
                author: "macedonian",
                events: &evs,
            },
        ]);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].phase, "entry 3 by persian");
        assert_eq!(
            g[0].events[0].line(),
            "Darius sets up in Persis (Alexandros 3.3)"
        );
        assert_eq!(g[1].events.len(), 2);
        assert_eq!(
            g[1].title(),
            "Spring 334 — Combat phase — round 1, Macedonian half-round"
        );
        assert_eq!(
            g[2].events[0].line(),
            "Persian standing orders: attack at 2-1 (Alexandros 10.12)"
        );
    }
}
