//! `legatus keygen`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::engine::Error;
use crate::protocol::keys::SigningKey;

#[derive(Args, Debug)]
pub struct KeygenArgs {
    /// Where to write the private key (the public key goes to FILE.pub).
    #[arg(long)]
    out: PathBuf,
    /// Comment stored in the key (e.g. your email).
    #[arg(long, default_value = "legatus")]
    comment: String,
}

/// Writes a new key; encrypted with `LEGATUS_PASSPHRASE` when that is set.
pub fn run(a: KeygenArgs, out: &mut dyn Write) -> Result<(), Error> {
    let key = SigningKey::generate(&a.comment)?;
    let pass = std::env::var("LEGATUS_PASSPHRASE")
        .ok()
        .filter(|p| !p.is_empty());
    key.write(&a.out, pass.as_deref())?;
    writeln!(
        out,
        "Wrote {} ({}) and its public key:",
        a.out.display(),
        if pass.is_some() {
            "passphrase-protected"
        } else {
            "no passphrase"
        }
    )
    .map_err(super::io)?;
    writeln!(out, "{}", key.public_line()).map_err(super::io)?;
    writeln!(out, "Send the public line to your opponent; keep the private key: it also derives your dice secrets.").map_err(super::io)
}
