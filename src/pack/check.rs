//! The pack check framework: a collector of [`Violation`]s and the checks every game's pack
//! needs — provenance markings, references, symmetric adjacency. Table completeness lives with
//! the table model ([`super::table::Table::check`]); each game adds its own rule checks.

use std::collections::BTreeMap;
use std::fmt::Debug;

use super::provenance::{Item, Origin, Provenance};
use super::{ItemOrigin, Violation};

/// Every violation found so far, in the order found.
#[derive(Debug, Default)]
pub struct Findings(pub Vec<Violation>);

impl Findings {
    /// Records one broken rule: pack `file`, `item` key, `rule` (with its section), `message`.
    pub fn add(
        &mut self,
        file: &str,
        item: impl Into<String>,
        rule: &str,
        message: impl Into<String>,
    ) {
        self.0.push(Violation {
            file: file.to_string(),
            item: item.into(),
            rule: rule.to_string(),
            message: message.into(),
        });
    }
}

/// The house rule of every pack: exactly one of `source:` / `provisional:` on each file.
pub const MARKING_RULE: &str = "pack provenance: exactly one of source/provisional";

/// A file carries exactly one of `source:` and `provisional:`, and no `player:`.
pub fn file_marking(o: &mut Findings, file: &str, p: &Provenance) {
    if p.source.is_some() == p.provisional.is_some() {
        o.add(
            file,
            "(file)",
            MARKING_RULE,
            "the file must carry exactly one of `source:` and `provisional:`",
        );
    }
    if p.player.is_some() {
        o.add(
            file,
            "(file)",
            MARKING_RULE,
            "`player:` marks items merged from an override file, not a pack file",
        );
    }
}

/// No item of `items` carries both `source:` and `provisional:`.
pub fn not_both<T>(o: &mut Findings, file: &str, prefix: &str, items: &BTreeMap<String, Item<T>>) {
    for (k, v) in items {
        if v.provenance.source.is_some() && v.provenance.provisional.is_some() {
            o.add(
                file,
                format!("{prefix}/{k}"),
                MARKING_RULE,
                "the item carries both `source:` and `provisional:`",
            );
        }
    }
}

/// Every item has an origin: its own marking or its file's.
pub fn marked(o: &mut Findings, origins: &[ItemOrigin]) {
    for i in origins {
        if i.origin == Origin::Unmarked {
            o.add(
                &i.file,
                &i.key,
                MARKING_RULE,
                "item has no provenance and its file none either",
            );
        }
    }
}

/// Rules cited by [`symmetric`]: the game's own sections.
pub struct AdjacencyRules<'a> {
    /// Every referenced node exists (e.g. `Alexandros 2.2: every referenced province exists`).
    pub exists: &'a str,
    /// Edges join two different nodes.
    pub distinct: &'a str,
    /// Adjacency is symmetric, with the same label both ways.
    pub symmetric: &'a str,
}

/// Symmetric adjacency: `edges` maps each node to its neighbours and the label of the edge
/// (border or hexside type). Every neighbour exists, no node neighbours itself, and the
/// neighbour lists the node back with the same label. Items are named `{prefix}/{node}`.
pub fn symmetric<V: PartialEq + Debug>(
    o: &mut Findings,
    file: &str,
    prefix: &str,
    rules: &AdjacencyRules<'_>,
    edges: &BTreeMap<String, BTreeMap<String, V>>,
) {
    for (name, nbrs) in edges {
        let item = format!("{prefix}/{name}");
        for (other, label) in nbrs {
            if other == name {
                o.add(
                    file,
                    &item,
                    rules.distinct,
                    format!("`{name}` is listed as its own neighbour"),
                );
                continue;
            }
            match edges.get(other) {
                None => o.add(
                    file,
                    &item,
                    rules.exists,
                    format!("neighbour `{other}` does not exist"),
                ),
                Some(back) => match back.get(name) {
                    None => {
                        let kind = format!(" ({label:?})");
                        let kind = if kind == " (())" { "" } else { kind.as_str() };
                        o.add(
                            file,
                            &item,
                            rules.symmetric,
                            format!("borders `{other}`{kind} but `{other}` does not list `{name}`"),
                        )
                    }
                    Some(l2) if l2 != label => o.add(
                        file,
                        &item,
                        rules.symmetric,
                        format!("border with `{other}` is {label:?} here but {l2:?} there"),
                    ),
                    _ => {}
                },
            }
        }
    }
}
