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

pub fn run(a: DataArgs, out: &mut dyn Write) -> Result<(), Error> {
    let DataCommand::Check { dir } = a.command;
    if !dir.is_dir() {
        return Err(Error::input(format!("{} is not a folder", dir.display())));
    }
    let packs = crate::games::builtin_packs();
    let Some(kind) = packs.kind_of(&dir) else {
        return Err(Error::input(format!(
            "{}: not a data pack this legatus knows ({})",
            dir.display(),
            packs.names().join(", ")
        )));
    };
    let report = (kind.check)(&dir).map_err(|e| Error::input(e.to_string()))?;
    write!(out, "{}", report.render()).map_err(super::io)
}
