//! `legatus schemas` (hidden): writes the JSON Schemas checked in under `schemas/`.

use std::io::Write;
use std::path::Path;

use crate::engine::folder::write_atomic;
use crate::engine::Error;
use crate::ruleset::Registry;

/// The schema files checked in under `schemas/`: (file name, pretty JSON).
pub fn generate(registry: &Registry) -> Vec<(String, String)> {
    let mut files = vec![
        (
            "log-header.json".to_string(),
            schemars::schema_for!(crate::protocol::log::Header),
        ),
        (
            "log-entry.json".to_string(),
            schemars::schema_for!(crate::protocol::log::Entry),
        ),
    ];
    for r in registry.all() {
        files.push((format!("orders-{}.json", r.id()), r.order_schema()));
    }
    files
        .into_iter()
        .map(|(n, s)| {
            (
                n,
                serde_json::to_string_pretty(&s).expect("schema serialises") + "\n",
            )
        })
        .collect()
}

pub fn run(registry: &Registry, dir: &Path, out: &mut dyn Write) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(super::io)?;
    for (name, text) in generate(registry) {
        write_atomic(&dir.join(&name), text.as_bytes())?;
        writeln!(out, "wrote {}", dir.join(name).display()).map_err(super::io)?;
    }
    Ok(())
}
