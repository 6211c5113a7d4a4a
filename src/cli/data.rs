//! `legatus data check`: validates a scenario data pack and lists what is
//! sourced from the rulebook text and what is provisional.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::engine::Error;

#[derive(Args, Debug)]
pub struct DataArgs {
    #[command(subcommand)]
    command: DataCommand,
}

#[derive(Subcommand, Debug)]
enum DataCommand {
    /// Validate a data pack folder (schema, symmetric borders, references, complete tables) and list its provenance.
    Check {
        /// The pack folder, e.g. scenarios/alexandros.
        dir: PathBuf,
    },
}

/// Which game a pack folder holds: its folder name, or the files it has.
fn game_of(dir: &std::path::Path) -> Option<&'static str> {
    let name = dir
        .canonicalize()
        .ok()?
        .file_name()?
        .to_string_lossy()
        .into_owned();
    (name == "alexandros" || dir.join("scenario-campaign-334.yaml").exists())
        .then_some("alexandros")
}

pub fn run(a: DataArgs, out: &mut dyn Write) -> Result<(), Error> {
    let DataCommand::Check { dir } = a.command;
    if !dir.is_dir() {
        return Err(Error::input(format!("{} is not a folder", dir.display())));
    }
    match game_of(&dir) {
        Some("alexandros") => {
            let report = crate::games::alexandros::data::check(&dir)
                .map_err(|e| Error::input(e.to_string()))?;
            write!(out, "{}", report.render()).map_err(super::io)
        }
        _ => Err(Error::input(format!(
            "{}: not a data pack this legatus knows (alexandros)",
            dir.display()
        ))),
    }
}
