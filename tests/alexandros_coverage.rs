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
