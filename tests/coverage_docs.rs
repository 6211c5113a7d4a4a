//! Every test a coverage document names (`docs/coverage/*.md`, any game) exists, in `tests/`
//! or as a unit test in `src/` (a row citing one says so): a row may cite only a test that is
//! there to reach its rule.

use std::path::Path;

fn test_sources() -> String {
    let mut all = String::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.join("tests"), root.join("src")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                all.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    all
}

#[test]
fn coverage_docs_name_only_existing_tests() {
    let sources = test_sources();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage");
    let mut docs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 4, "{docs:?}");
    let prefixes = [
        "alexandros_",
        "romans_",
        "macedonians_",
        "tactical_",
        "conquerors_",
    ];
    let mut missing = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let mut named = 0;
        for part in text.split('`').skip(1).step_by(2) {
            if prefixes.iter().any(|p| part.starts_with(p))
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            {
                named += 1;
                if !sources.contains(&format!("fn {part}(")) {
                    missing.push(format!("{}: {part}", doc.display()));
                }
            }
        }
        assert!(named > 20, "{} names {named} tests", doc.display());
    }
    assert!(
        missing.is_empty(),
        "named but not in tests/ or src/: {missing:#?}"
    );
}
