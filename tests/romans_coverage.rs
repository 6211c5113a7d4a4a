//! `docs/coverage/romans.md` has one row for every item of the Romans checklist
//! (`digest-conquerors-romans.md` §2: 315 items in 23 groups) and each row states its status.
//! That every test the map names exists is `tests/coverage_docs.rs`'s check.

use std::path::Path;

/// The checklist groups of the digest's §2 and their item counts (its "Checklist size" line).
const GROUPS: [(&str, u32); 23] = [
    ("GEN", 8),
    ("SEQ", 9),
    ("MOV", 24),
    ("TER", 5),
    ("NB", 9),
    ("OVR", 5),
    ("FM", 7),
    ("INT", 16),
    ("NINT", 5),
    ("STK", 9),
    ("CMD", 23),
    ("LC", 20),
    ("RET", 19),
    ("NC", 16),
    ("TR", 7),
    ("CTY", 31),
    ("SUP", 15),
    ("ATT", 10),
    ("ALY", 21),
    ("TAX", 17),
    ("SEN", 12),
    ("VIC", 9),
    ("SCN", 18),
];

const STATUSES: [&str; 4] = ["implemented", "simplified", "missing", "n/a"];

/// The cells of a checklist row (`| GEN-01 | status | tests | note |`), or None.
fn row(line: &str) -> Option<Vec<&str>> {
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    if cells.len() < 6 || !cells[0].is_empty() {
        return None;
    }
    let (group, n) = cells[1].split_once('-')?;
    let known = GROUPS.iter().any(|(g, _)| *g == group);
    (known && n.len() == 2 && n.chars().all(|c| c.is_ascii_digit())).then_some(cells)
}

/// Every digest ID has exactly one row; each row's status is one of the four words, in the
/// Status column; a simplified or missing row says how or what in its note.
#[test]
fn romans_coverage_rows_state_their_status() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage/romans.md"),
    )
    .unwrap();
    let mut seen: Vec<String> = Vec::new();
    for line in doc.lines() {
        let Some(cells) = row(line) else { continue };
        let id = cells[1].to_string();
        assert!(!seen.contains(&id), "two rows for {id}");
        seen.push(id);
        let status = cells[2];
        assert!(
            STATUSES.contains(&status),
            "the Status column is one of {STATUSES:?}: {line}"
        );
        let tests = cells[3];
        assert!(!tests.is_empty(), "name the tests or write —: {line}");
        let note = cells[4];
        if status == "simplified" || status == "missing" {
            assert!(
                note.len() > 15 && note != "—",
                "a {status} row says how or what: {line}"
            );
        }
    }
    let mut absent = Vec::new();
    for (group, count) in GROUPS {
        for n in 1..=count {
            let id = format!("{group}-{n:02}");
            if !seen.contains(&id) {
                absent.push(id);
            }
        }
        let beyond = format!("{group}-{:02}", count + 1);
        assert!(
            !seen.contains(&beyond),
            "{beyond}: the digest has {count} {group} items"
        );
    }
    assert!(absent.is_empty(), "no row for {absent:?}");
    assert_eq!(seen.len(), 315, "the digest's §2 has 315 items");
}
