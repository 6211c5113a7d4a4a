//! The command line: one file per subcommand, each thin over the engine.
//!
//! [`run`] takes the registry and the output streams so tests can run every
//! command in-process with rulesets of their own.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::engine::Error;
use crate::ruleset::Registry;

mod check;
mod compare;
mod data;
mod demo;
mod echo;
mod forum;
mod inbox;
mod keygen;
mod mail;
mod new;
mod play;
mod schemas;
mod show;

pub use schemas::generate as schema_files;

const EXIT_CODES: &str = "Exit codes: 0 success; 1 orders refused by the rules (names the order, the rule and why); \
2 bad input or usage, or a file that is not a legatus log (YAML errors give file:line:column; nothing is written, \
except that import takes the good paste blocks and names the bad ones); 3 verification failed (names the entry and the broken check).";

/// legatus — play historical board wargames by email and on forums, with a
/// signed, hash-chained log and dice nobody can preview or bias.
#[derive(Parser, Debug)]
#[command(name = "legatus", version, about, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Create a game folder holding log.yaml with the header.
    New(new::NewArgs),
    /// Accept the game's header with your key (and commit to your dice chain).
    Accept(play::AcceptArgs),
    /// Whose move it is, what is expected, the last events.
    Status(play::StatusArgs),
    /// The situation (roster, cities, tracks), or the map as SVG/PNG, the battle board, the turn page as HTML.
    Show(show::ShowArgs),
    /// Print an order file for the pending step.
    Template(play::TemplateArgs),
    /// Verify the log, resolve what your reveal unlocks, apply your orders, append a signed entry.
    Apply(play::ApplyArgs),
    /// Replay and check a log offline; print a verdict and the first bad entry.
    Verify(check::VerifyArgs),
    /// Every die roll with its entry, purpose and rule; per-side statistics. With two logs: where two copies fork, as evidence.
    Audit(check::AuditArgs),
    /// Make an OpenSSH ed25519 key.
    Keygen(keygen::KeygenArgs),
    /// Scenario data packs: `legatus data check DIR` (or a pack name: alexandros, conquerors).
    Data(data::DataArgs),
    /// Play the bundled scenario from fixture orders and verify the result.
    Demo(play::DemoArgs),
    /// Write the JSON Schemas of log and order files.
    #[command(hide = true)]
    Schemas {
        /// Folder to write into.
        #[arg(long, default_value = "schemas")]
        out: PathBuf,
    },
    /// Email the game to a side: the turn report, log.yaml, report.md and his order template (when his next step does not wait on his own dice reveal).
    Mail(mail::MailArgs),
    /// Merge the log.yaml of received mail (.eml file or Maildir) into a game folder, or start a new one.
    Inbox(inbox::InboxArgs),
    /// Print a forum post: the turn report and a paste block of signed entries.
    Post(forum::PostArgs),
    /// Take the entries of paste blocks (a post or a copied thread page) into a game folder.
    Import(forum::ImportArgs),
}

/// Runs the command line `args` against `registry`, writing to `out` and `err`.
/// Returns the exit code.
pub fn run<I, T>(registry: &Registry, args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = if e.use_stderr() {
                write!(err, "{}", e.render())
            } else {
                write!(out, "{}", e.render())
            };
            return code;
        }
    };
    let result = match cli.command {
        Command::New(a) => new::run(registry, a, out),
        Command::Accept(a) => play::accept(registry, a, out),
        Command::Status(a) => play::status(registry, a, out),
        Command::Show(a) => show::run(registry, a, out),
        Command::Template(a) => play::template(registry, a, out),
        Command::Apply(a) => play::apply(registry, a, out),
        Command::Verify(a) => check::verify(registry, a, out),
        Command::Audit(a) => check::audit(registry, a, out),
        Command::Keygen(a) => keygen::run(a, out),
        Command::Demo(a) => demo::demo(registry, a, out),
        Command::Data(a) => data::run(a, out),
        Command::Schemas { out: dir } => schemas::run(registry, &dir, out),
        Command::Mail(a) => mail::mail(registry, a, out, err),
        Command::Inbox(a) => inbox::inbox(registry, a, out, err),
        Command::Post(a) => forum::post(registry, a, out),
        Command::Import(a) => forum::import(registry, a, out),
    };
    match result {
        Ok(()) => 0,
        Err(Error::Input(m)) if m == BROKEN_PIPE => 0,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            e.exit_code()
        }
    }
}

/// The message of a write to a closed pipe (`legatus status | head`): not an error to report.
const BROKEN_PIPE: &str = "output closed";

fn io(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return Error::input(BROKEN_PIPE);
    }
    Error::input(e.to_string())
}
