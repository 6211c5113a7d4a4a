//! The game log: a header and a hash chain of signed entries, stored as a
//! YAML stream (`log.yaml`): the header is the first document, each entry one
//! more document after a `---` line. See `docs/protocol.md`.

use std::io::BufRead;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::canonical::{self, CanonicalError};
use super::dice::Roll;

/// How the dice of a game are fixed (PROTOCOL "Dice modes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DiceMode {
    /// Each player commits to a hash chain; an entry's dice are fixed by the opponent's next reveal.
    Mutual,
    /// A referee commits to a hash chain and his reveals fix every entry's dice.
    Referee,
    /// The seed is in the header: anyone can compute every roll in advance.
    Open,
}

impl std::fmt::Display for DiceMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DiceMode::Mutual => "mutual",
            DiceMode::Referee => "referee",
            DiceMode::Open => "open",
        })
    }
}

/// A participant: a side of the game, or the referee (side `referee`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The side played, as the ruleset names it, or `referee`.
    pub side: String,
    /// The player's name.
    pub name: String,
    /// Where mail for this side goes.
    pub email: String,
    /// OpenSSH ed25519 public key line.
    pub key: String,
}

/// The ruleset a game uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesetRef {
    /// Ruleset id, e.g. `alexandros`.
    pub id: String,
    /// Ruleset version.
    pub version: String,
}

/// The scenario and the exact data a game uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRef {
    /// Scenario id.
    pub id: String,
    /// SHA-256 (hex) of the canonical bytes of `data`.
    pub data_hash: String,
    /// Player-supplied override files merged into the data (names only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<String>,
}

/// Dice settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceSetup {
    /// The mode.
    pub mode: DiceMode,
    /// `open` mode only: the public seed (64 hex digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
}

/// The first document of a log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Protocol version ([`super::PROTOCOL_VERSION`]).
    pub legatus: u32,
    /// Game id: 32 hex digits (128 random bits).
    pub game: String,
    /// Dice algorithm ([`super::DICE_ALGORITHM`]).
    pub dice_algorithm: String,
    /// The ruleset.
    pub ruleset: RulesetRef,
    /// The scenario and its data hash.
    pub scenario: ScenarioRef,
    /// Optional rules chosen.
    #[serde(default)]
    pub options: Vec<String>,
    /// Dice settings.
    pub dice: DiceSetup,
    /// Participants, in the order they accept.
    pub players: Vec<Player>,
    /// The exact scenario data used (merged with overrides).
    pub data: Value,
}

/// What an entry carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    /// A player accepts the header (and in `mutual`/`referee` commits to a dice chain).
    Accept,
    /// Orders for the pending step.
    Orders,
    /// A decision in the middle of resolution.
    Decision,
    /// A commitment to sealed orders.
    SealedCommit,
    /// The reveal of sealed orders.
    SealedReveal,
    /// Only a dice reveal (resolves what waits for it).
    Reveal,
}

/// The dice rolls that an entry's reveal fixed for one earlier (or this) entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Resolved {
    /// Sequence number of the entry resolved.
    pub seq: u64,
    /// Every roll, in order.
    #[serde(default)]
    pub rolls: Vec<Roll>,
    /// Set when the rules refused the entry once its dice were known (it then has no effect).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void: Option<String>,
}

/// One entry of the hash chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// 1, 2, 3, … in log order.
    pub seq: u64,
    /// Hash (hex) of the previous document: the header for entry 1.
    pub prev: String,
    /// The author's side (or `referee`).
    pub author: String,
    /// What the entry carries.
    pub kind: EntryKind,
    /// The pending step answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    /// Orders or decision (ruleset-defined).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<Value>,
    /// Standing orders (ruleset-defined), kept until replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<Value>,
    /// `accept`: dice-chain commitment; `sealed-commit`: sealed-orders commitment (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// `sealed-reveal`: the salt of the commitment (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The author's next dice-chain reveal (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<String>,
    /// The entries whose dice this entry fixed, with their rolls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resolves: Vec<Resolved>,
    /// SHA-256 (hex) of the game state after this entry.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub state: String,
    /// SSHSIG (base64) by the author's key over [`Entry::signed_bytes`].
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sig: String,
}

impl Entry {
    /// The bytes the author signs: canonical bytes of the entry without `sig`.
    pub fn signed_bytes(&self) -> Result<Vec<u8>, CanonicalError> {
        let mut e = self.clone();
        e.sig.clear();
        canonical::bytes(&e)
    }

    /// The entry's hash (the next entry's `prev`): SHA-256 of the canonical bytes with `sig`.
    pub fn hash(&self) -> Result<[u8; 32], CanonicalError> {
        Ok(canonical::sha256(&canonical::bytes(self)?))
    }

    /// The core hash that seeds the entry's dice: canonical bytes without
    /// `resolves`, `state` and `sig` — everything fixed when the author signs.
    pub fn core_hash(&self) -> Result<[u8; 32], CanonicalError> {
        let mut e = self.clone();
        e.resolves.clear();
        e.state.clear();
        e.sig.clear();
        Ok(canonical::sha256(&canonical::bytes(&e)?))
    }
}

impl Header {
    /// The header's hash (entry 1's `prev`).
    pub fn hash(&self) -> Result<[u8; 32], CanonicalError> {
        Ok(canonical::sha256(&canonical::bytes(self)?))
    }

    /// The game id as 16 bytes, if well-formed.
    pub fn game_id_bytes(&self) -> Option<[u8; 16]> {
        let v = hex::decode(&self.game).ok()?;
        v.try_into().ok()
    }

    /// The first 8 hex digits of the game id, for subjects and prompts.
    pub fn short_id(&self) -> &str {
        &self.game[..self.game.len().min(8)]
    }

    /// The participant playing `side`.
    pub fn player(&self, side: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.side == side)
    }
}

/// YAML parsing options used for every file legatus reads: YAML 1.2 core
/// booleans only (`no`, `on` stay strings), duplicate keys are errors, and
/// numbers with leading zeros stay strings where the type is open.
pub fn yaml_options() -> serde_saphyr::Options {
    let mut o = serde_saphyr::Options::default();
    o.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::Error;
    o.strict_booleans = true;
    o.leading_zero_numbers_as_strings = true;
    o.legacy_octal_numbers = false;
    o
}

/// Errors reading a log.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    /// A document is not valid YAML or not a valid header or entry.
    #[error("{file}:{line}:{column}: {message}")]
    Yaml {
        file: String,
        line: u64,
        column: u64,
        message: String,
    },
    /// The log has no header.
    #[error("{0}: empty log (no header)")]
    Empty(String),
    /// The input is not a legatus log at all: its first document is not a
    /// header, nor a damaged one (it has no `legatus:` protocol version).
    #[error("{file}: this is not a legatus log: {reason}")]
    NotALog { file: String, reason: String },
    /// The file starts with two byte-order marks: a program added one to a file
    /// that already had one.
    #[error("{file}:1:1: the file starts with two byte-order marks (the invisible character U+FEFF, twice): \
a program that saved or passed it on added a second one. Save it again as UTF-8 without a byte-order mark, \
or ask for the file again")]
    DoubledBom { file: String },
    /// A document is larger than [`MAX_DOC_BYTES`].
    #[error("{file}:{line}: a log document larger than {MAX_DOC_BYTES} bytes is refused")]
    TooLarge { file: String, line: u64 },
}

/// The largest log document (header or entry) read, in bytes: a header
/// embeds its scenario data (about 100 KiB for Alexandros); entries are small.
pub const MAX_DOC_BYTES: usize = 16 * 1024 * 1024;

/// One document of a log as read: the header or an entry, with its first line.
#[derive(Debug)]
pub enum Doc {
    /// The first document.
    Header(Box<Header>),
    /// Any later document, with the line (1-based) where it starts.
    Entry(Box<Entry>, u64),
}

/// Reads a log one document at a time (memory follows one entry, not the log).
pub struct LogReader<R: BufRead> {
    file: String,
    input: R,
    line_no: u64,
    seen_header: bool,
    done: bool,
}

impl LogReader<std::io::BufReader<std::fs::File>> {
    /// Opens `path`.
    pub fn open(path: &std::path::Path) -> Result<Self, LogError> {
        let f = std::fs::File::open(path).map_err(|source| LogError::Io {
            file: path.display().to_string(),
            source,
        })?;
        Ok(LogReader::new(
            path.display().to_string(),
            std::io::BufReader::new(f),
        ))
    }
}

impl<R: BufRead> LogReader<R> {
    /// Reads from `input`; `file` names it in errors.
    pub fn new(file: String, input: R) -> Self {
        LogReader {
            file,
            input,
            line_no: 0,
            seen_header: false,
            done: false,
        }
    }

    /// Reads the rest of a log from `input`, which starts right after a document of the
    /// log's line `line_no` (the header and perhaps entries already read): every document
    /// it holds is an entry, and errors name the lines of the whole log.
    pub fn continuing(file: String, input: R, line_no: u64) -> Self {
        LogReader {
            file,
            input,
            line_no,
            seen_header: true,
            done: false,
        }
    }

    /// The next document's text and its first line, or `None` at the end.
    fn next_text(&mut self) -> Result<Option<(String, u64)>, LogError> {
        let mut text = String::new();
        let mut start = self.line_no + 1;
        let mut meaningful = false;
        loop {
            let mut line = String::new();
            let n =
                read_line_any_end(&mut self.input, &mut line).map_err(|source| LogError::Io {
                    file: self.file.clone(),
                    source,
                })?;
            if n == 0 {
                self.done = true;
                return Ok(meaningful.then_some((text, start)));
            }
            self.line_no += 1;
            if self.line_no == 1 {
                if let Some(rest) = line.strip_prefix('\u{feff}') {
                    if rest.starts_with('\u{feff}') {
                        return Err(LogError::DoubledBom {
                            file: self.file.clone(),
                        });
                    }
                    line = rest.to_string();
                }
            }
            let bare = line.trim_end_matches(['\r', '\n']);
            if bare == "---" || bare.starts_with("--- ") || bare == "..." {
                if meaningful {
                    return Ok(Some((text, start)));
                }
                text.clear();
                start = self.line_no + 1;
                continue;
            }
            let t = bare.trim();
            if !t.is_empty() && !t.starts_with('#') {
                meaningful = true;
            }
            text.push_str(bare);
            text.push('\n');
            if text.len() > MAX_DOC_BYTES {
                return Err(LogError::TooLarge {
                    file: self.file.clone(),
                    line: start,
                });
            }
        }
    }

    fn yaml_error(&self, e: serde_saphyr::Error, start: u64) -> LogError {
        let (line, column) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((0, 0));
        LogError::Yaml {
            file: self.file.clone(),
            line: start + line.saturating_sub(1),
            column,
            message: short_message(&e),
        }
    }
}

/// Reads one line ended by LF, CRLF or a lone CR (old Mac mail programs) into
/// `line`, which gets a plain `\n` in place of the line end. Returns the bytes
/// consumed (0 at the end of input).
///
/// Errors: the reader's, and [`std::io::ErrorKind::InvalidData`] for text that is not UTF-8.
fn read_line_any_end<R: BufRead>(input: &mut R, line: &mut String) -> std::io::Result<usize> {
    let mut bytes = Vec::new();
    let mut consumed = 0;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => {
                let cr = buf[i] == b'\r';
                bytes.extend_from_slice(&buf[..i]);
                input.consume(i + 1);
                consumed += i + 1;
                if cr && input.fill_buf()?.first() == Some(&b'\n') {
                    input.consume(1);
                    consumed += 1;
                }
                bytes.push(b'\n');
                break;
            }
            None => {
                let n = buf.len();
                bytes.extend_from_slice(buf);
                input.consume(n);
                consumed += n;
            }
        }
    }
    line.push_str(std::str::from_utf8(&bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })?);
    Ok(consumed)
}

/// Whether `bytes` hold a legatus log, judged by content alone (whatever the file
/// is called): its first document reads as a header, or is a damaged one — it has
/// the `legatus:` protocol version every header starts with. A log that starts with
/// two byte-order marks counts (reading it then says what is wrong); text that is
/// not UTF-8 does not.
pub fn is_log(bytes: &[u8]) -> bool {
    let mut reader = LogReader::new(String::new(), std::io::Cursor::new(bytes));
    match reader.next_text() {
        Ok(Some((text, _))) => {
            serde_saphyr::from_str_with_options::<Header>(&text, yaml_options()).is_ok()
                || not_a_log(&text).is_none()
        }
        Ok(None) => false,
        Err(LogError::DoubledBom { .. }) | Err(LogError::TooLarge { .. }) => true,
        Err(_) => false,
    }
}

/// The first line of a YAML error, without the location that we print ourselves.
pub fn short_message(e: &serde_saphyr::Error) -> String {
    let s = e.to_string();
    let first = s.lines().next().unwrap_or("invalid YAML").trim();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    // serde-saphyr prefixes "line L column C: "; the caller prints the location itself.
    let msg = match first.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((loc, rest)) if loc.contains(" column ") => rest,
        _ => first,
    };
    plain_words(msg)
}

/// Rewords the YAML library's hints meant for programmers into words for players.
fn plain_words(msg: &str) -> String {
    let mut m = msg.to_string();
    for hint in [
        ", set DuplicateKeyPolicy in Options if acceptable",
        "; use Option<String>",
    ] {
        m = m.replace(hint, "");
    }
    if m.contains("recursive references require weak recursion types") {
        return "a YAML alias refers to itself; write the value out instead".into();
    }
    for int in ["u8", "u16", "u32", "u64", "i64"] {
        if let Some(rest) = m.strip_prefix(&format!("invalid {int}")) {
            return format!("not a whole number in the allowed range{rest}");
        }
    }
    m.replace("duplicate mapping key", "a key given twice")
}

impl<R: BufRead> Iterator for LogReader<R> {
    type Item = Result<Doc, LogError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let (text, start) = match self.next_text() {
            Ok(Some(t)) => t,
            Ok(None) if !self.seen_header => {
                self.done = true;
                return Some(Err(LogError::Empty(self.file.clone())));
            }
            Ok(None) => return None,
            Err(LogError::Io { file, source })
                if !self.seen_header && source.kind() == std::io::ErrorKind::InvalidData =>
            {
                self.done = true;
                return Some(Err(LogError::NotALog {
                    file,
                    reason: "it is not UTF-8 text".into(),
                }));
            }
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        let doc = if !self.seen_header {
            self.seen_header = true;
            match serde_saphyr::from_str_with_options::<Header>(&text, yaml_options()) {
                Ok(h) => Ok(Doc::Header(Box::new(h))),
                Err(e) => {
                    self.done = true;
                    return Some(Err(match not_a_log(&text) {
                        Some(reason) => LogError::NotALog {
                            file: self.file.clone(),
                            reason,
                        },
                        None => self.yaml_error(e, start),
                    }));
                }
            }
        } else {
            // An entry that does not read ends nothing: documents are split by their `---`
            // lines, so the reader can still tell whether more follow (a format error in the
            // middle of a log is not a log cut off after it).
            return Some(
                serde_saphyr::from_str_with_options::<Entry>(&text, yaml_options())
                    .map(|e| Doc::Entry(Box::new(e), start))
                    .map_err(|e| self.yaml_error(e, start)),
            );
        };
        Some(doc.map_err(|e| {
            self.done = true;
            self.yaml_error(e, start)
        }))
    }
}

/// Why the first document of a file, which does not read as a header, is not
/// a log at all; `None` when it is a damaged header: a YAML mapping with the
/// `legatus` key (the protocol version every header starts with), or, when it
/// is not even YAML, a line that starts with that key.
fn not_a_log(text: &str) -> Option<String> {
    const MARKER: &str = "legatus";
    match serde_saphyr::from_str_with_options::<Value>(text, yaml_options()) {
        Ok(Value::Object(m)) => {
            if m.contains_key(MARKER) {
                return None;
            }
            let has = |keys: &[&str]| keys.iter().all(|k| m.contains_key(*k));
            Some(if has(&["seq", "prev", "author"]) {
                "it starts with a log entry, not the header (is the beginning of the log missing?)"
                    .to_string()
            } else if has(&["game", "after", "side"]) {
                "it is an order file (apply it with `legatus apply <game> --orders FILE --key KEY`)"
                    .to_string()
            } else {
                format!(
                    "its first document has no `{MARKER}:` protocol version, which every log header starts with{}",
                    hint(text)
                )
            })
        }
        Ok(_) => Some(format!(
            "its first document is not a mapping with a `{MARKER}:` protocol version, as every log header is{}",
            hint(text)
        )),
        Err(_) => {
            let marked = text.lines().any(|l| {
                let l = l.trim_start_matches(|c: char| c.is_whitespace() || c == '{');
                let l = l.trim_start_matches(['"', '\'']);
                l.strip_prefix(MARKER).is_some_and(|r| {
                    r.trim_start_matches(['"', '\''])
                        .trim_start()
                        .starts_with(':')
                })
            });
            (!marked).then(|| {
                format!(
                    "its first document is not YAML with a `{MARKER}:` protocol version, as every log header is{}",
                    hint(text)
                )
            })
        }
    }
}

/// A hint for text that is something else legatus reads.
fn hint(text: &str) -> &'static str {
    if text.contains("BEGIN LEGATUS ENTRIES") {
        " (it holds a forum paste block: take it into a game with `legatus import`)"
    } else if text.lines().take(50).any(|l| {
        let l = l.to_ascii_lowercase();
        l.starts_with("mime-version:") || l.starts_with("content-type: multipart")
    }) {
        " (it looks like an email: merge it with `legatus inbox`)"
    } else {
        ""
    }
}

/// The YAML document for a header (without the `---` separator).
pub fn header_yaml(h: &Header) -> String {
    serde_saphyr::to_string(h).expect("header serialises")
}

/// The YAML document for an entry, preceded by its `---` separator line.
pub fn entry_yaml(e: &Entry) -> String {
    format!(
        "---\n{}",
        serde_saphyr::to_string(e).expect("entry serialises")
    )
}

/// The first lines of every log file.
pub const LOG_PREAMBLE: &str = "# legatus game log: a header, then one signed entry per document.\n# Check it with `legatus verify log.yaml`. Do not edit: any change is detected.\n";
