//! Every test named in `docs/coverage/alexandros.md` exists in `tests/`, and every checklist
//! group of the digest (strategic and TAC) has its rows.

use std::path::Path;

fn test_sources() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut all = String::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().map(|x| x == "rs").unwrap_or(false) {
                all.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    all
}

#[test]
fn alexandros_coverage_names_only_existing_tests() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage/alexandros.md"),
    )
    .unwrap();
    let sources = test_sources();
    let mut named = 0;
    let mut missing = Vec::new();
    for part in doc.split('`').skip(1).step_by(2) {
        if part.starts_with("alexandros_")
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            named += 1;
            if !sources.contains(&format!("fn {part}(")) {
                missing.push(part.to_string());
            }
        }
    }
    assert!(named > 50, "the coverage map names {named} tests");
    assert!(
        missing.is_empty(),
        "named in docs/coverage/alexandros.md but not in tests/: {missing:?}"
    );
    for group in [
        "CMP", "SET", "SEQ", "CTL", "STK", "SUP", "MOV", "CMB", "SIE", "REP", "RNF", "EVT", "OBJ",
        "VIC", "OPT", "BEG", "TAC",
    ] {
        assert!(
            doc.contains(&format!("| {group}-01 |")),
            "no rows for {group}"
        );
    }
    for n in 1..=55 {
        assert!(
            doc.contains(&format!("| TAC-{n:02} |")),
            "TAC-{n:02} missing"
        );
    }
}

/// Every checklist row says whether the item is implemented, simplified or missing (n/a for
/// items with no game effect); a simplified or missing row says how or why.
#[test]
fn alexandros_coverage_rows_state_their_status() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage/alexandros.md"),
    )
    .unwrap();
    let mut rows = 0;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let is_row = cells.len() > 3
            && cells[1].len() == 6
            && cells[1].as_bytes()[3] == b'-'
            && cells[1][..3].chars().all(|c| c.is_ascii_uppercase());
        if !is_row {
            continue;
        }
        rows += 1;
        let status = cells
            .iter()
            .find(|c| ["implemented", "simplified", "missing", "n/a"].contains(c));
        let Some(status) = status else {
            panic!("no status in row: {line}");
        };
        if *status == "simplified" || *status == "missing" {
            let last = cells[cells.len() - 2];
            assert!(!last.is_empty() && last != "—", "say how or why: {line}");
        }
    }
    assert!(rows > 200, "{rows} rows");
}
