//! The JSON Schemas in `schemas/` are generated from the types: a checked-in
//! schema that differs from the generated one fails here. Regenerate with
//! `cargo run -- schemas --out schemas`.

#[test]
fn schemas_checked_in_match_generated() {
    let registry = legatus::ruleset::Registry::builtin();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
    let files = legatus::cli::schema_files(&registry);
    assert!(files.len() >= 2);
    for (name, text) in files {
        let on_disk = std::fs::read_to_string(dir.join(&name)).unwrap_or_else(|_| {
            panic!("schemas/{name} is missing: run `cargo run -- schemas --out schemas`")
        });
        assert_eq!(on_disk, text, "schemas/{name} differs from the generated schema: run `cargo run -- schemas --out schemas`");
    }
}
