//! Forum paste blocks: log entries armored as plain text that survives being posted,
//! quoted and copied back out of a web forum.
//!
//! A block looks like this:
//!
//! ```text
//! -----BEGIN LEGATUS ENTRIES-----
//! Game: 3f9a1c
//! Entries: 12-14
//! Length: 2817
//! Checksum: sha256:<64 lowercase hex digits of the SHA-256 of the payload>
//!
//! <raw-deflate-compressed payload, base64 (standard alphabet), lines of 64 chars>
//! -----END LEGATUS ENTRIES-----
//! ```
//!
//! `Length` is the payload's size in bytes before compression. [`find_blocks`] reads
//! blocks back out of text that forums have mangled (quote prefixes, BBCode tags,
//! HTML escapes, odd spaces, re-wrapped lines) and accepts a block only when the
//! decompressed payload has exactly the declared length and checksum, so a block is
//! either read back exactly or refused with the reason.
//!
//! The header lines (game, entry range) are not covered by the checksum: they are
//! routing hints, and the payload (signed entries) carries the authoritative values.
//! `legatus import` checks them against the payload and refuses a block whose
//! `Entries:` range is not exactly the entries it carries.

use std::fmt;
use std::io::Read;

use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use flate2::read::{DeflateDecoder, DeflateEncoder};
use flate2::Compression;
use sha2::{Digest, Sha256};

/// First line of a block.
pub const BEGIN_LINE: &str = "-----BEGIN LEGATUS ENTRIES-----";
/// Last line of a block.
pub const END_LINE: &str = "-----END LEGATUS ENTRIES-----";
/// Largest payload (in bytes, after decompression) that [`find_blocks`] accepts: 64 MiB.
pub const MAX_PAYLOAD_BYTES: u64 = 64 * 1024 * 1024;
/// Characters of base64 per body line written by [`encode`].
pub const LINE_WIDTH: usize = 64;

const BEGIN_MARK: &str = "BEGIN LEGATUS ENTRIES";
const END_MARK: &str = "END LEGATUS ENTRIES";

/// What a block's header says: which game, and which entries (inclusive range).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmorHeader {
    /// Game id (short form is fine). Must be one line; [`encode`] collapses any
    /// whitespace or control characters in it to single spaces.
    pub game: String,
    /// Number of the first entry in the payload.
    pub first: u64,
    /// Number of the last entry in the payload (`>= first`).
    pub last: u64,
}

/// A block read back exactly: its header and the payload bytes (checksum verified).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub header: ArmorHeader,
    pub payload: Vec<u8>,
    /// 1-based line of the text where the block's BEGIN line is.
    pub line: usize,
}

/// Why a block found in a text could not be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("paste block {block} (starting at line {line}): {kind}")]
pub struct ArmorError {
    /// 1-based number of the block among the blocks found in the text.
    pub block: usize,
    /// 1-based line of the text where the block's BEGIN line is.
    pub line: usize,
    /// What is wrong with it.
    pub kind: ArmorErrorKind,
}

/// The reason a block was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArmorErrorKind {
    #[error("truncated: no END line follows (was the post cut short?)")]
    Truncated,
    #[error("the header line {0:?} is missing")]
    MissingHeader(&'static str),
    #[error("the header line {name:?} appears twice")]
    DuplicateHeader { name: &'static str },
    #[error("the header line {name:?} has an unreadable value {value:?}")]
    BadHeader { name: &'static str, value: String },
    #[error("unexpected character {ch:?} on line {line} (base64 has only A-Z a-z 0-9 + / =)")]
    BadCharacter { ch: char, line: usize },
    #[error("the block has no content between its header and its END line")]
    EmptyBody,
    #[error("its content does not match its checksum: the block was damaged when it was copied or posted \
(its base64 text does not decode: {0}). Copy it again from the post, or ask for it to be posted again")]
    BadBase64(String),
    #[error("declared length {declared} bytes is over the limit of {limit} bytes")]
    TooLarge { declared: u64, limit: u64 },
    #[error("its content does not match its checksum: the block was damaged when it was copied or posted \
(its compressed content is broken: {0}). Copy it again from the post, or ask for it to be posted again")]
    Decompress(String),
    #[error("its content does not match its checksum: damaged or edited — the header declares {declared} bytes \
but the content decompresses to {actual}. Copy it again from the post, or ask for it to be posted again")]
    LengthMismatch { declared: u64, actual: String },
    #[error("checksum mismatch: the header says {expected} but the content hashes to {actual}; the block was altered in transit. \
Copy it again from the post, or ask for it to be posted again")]
    ChecksumMismatch { expected: String, actual: String },
}

/// Encodes `payload` as a paste block (see the module docs for the layout).
///
/// Output ends with a newline and uses `\n` line endings. Deterministic for a given
/// input and flate2 version.
pub fn encode(header: &ArmorHeader, payload: &[u8]) -> String {
    debug_assert!(
        header.first <= header.last,
        "entry range must not be reversed"
    );
    let mut compressed = Vec::new();
    DeflateEncoder::new(payload, Compression::best())
        .read_to_end(&mut compressed)
        .expect("compressing from memory cannot fail");
    let b64 = STANDARD.encode(&compressed);
    let game = one_line(&header.game);
    let mut out = String::with_capacity(b64.len() + b64.len() / LINE_WIDTH + 256);
    out.push_str(BEGIN_LINE);
    out.push('\n');
    out.push_str(&format!("Game: {game}\n"));
    out.push_str(&format!("Entries: {}-{}\n", header.first, header.last));
    out.push_str(&format!("Length: {}\n", payload.len()));
    out.push_str(&format!(
        "Checksum: sha256:{}\n",
        hex::encode(Sha256::digest(payload))
    ));
    out.push('\n');
    for chunk in b64.as_bytes().chunks(LINE_WIDTH) {
        out.push_str(std::str::from_utf8(chunk).expect("base64 is ASCII"));
        out.push('\n');
    }
    out.push_str(END_LINE);
    out.push('\n');
    out
}

/// Finds every paste block in `text` (a post, a quoted reply, a whole copied thread
/// page) and reads each back, in order of appearance.
///
/// Tolerates quote prefixes (`>`, `> >`), BBCode tags (`[quote=…]`, `[code]`, nested),
/// Markdown code fences, CRLF/CR line ends, Unicode and non-breaking spaces, zero-width
/// characters and soft hyphens, HTML entities (`&gt;`, `&amp;`, `&#43;`, …), `<br>`,
/// blank lines, and base64 lines split or joined by re-wrapping. Each block is either
/// `Ok` with exactly the original payload, or `Err` naming its position and reason.
pub fn find_blocks(text: &str) -> Vec<Result<Block, ArmorError>> {
    let lines = clean_lines(text);
    let mut results = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let (line_no, ref content) = lines[i];
        let Some(pos) = content.find(BEGIN_MARK) else {
            i += 1;
            continue;
        };
        let block_no = results.len() + 1;
        let err = |kind| ArmorError {
            block: block_no,
            line: line_no,
            kind,
        };
        // Collect the lines of this block up to its END mark.
        let mut body: Vec<(usize, String)> = Vec::new();
        let after_begin = strip_dashes(&content[pos + BEGIN_MARK.len()..]);
        if !after_begin.is_empty() {
            body.push((line_no, after_begin.to_string()));
        }
        let mut j = i + 1;
        let mut ended = false;
        while j < lines.len() {
            let (n, ref l) = lines[j];
            if l.contains(BEGIN_MARK) {
                break; // a new block starts: this one is truncated
            }
            if let Some(p) = l.find(END_MARK) {
                let before = strip_dashes(&l[..p]);
                if !before.is_empty() {
                    body.push((n, before.to_string()));
                }
                ended = true;
                j += 1;
                break;
            }
            body.push((n, l.clone()));
            j += 1;
        }
        if ended {
            results.push(
                read_block(&body)
                    .map(|(header, payload)| Block {
                        header,
                        payload,
                        line: line_no,
                    })
                    .map_err(err),
            );
        } else {
            results.push(Err(err(ArmorErrorKind::Truncated)));
        }
        i = j;
    }
    results
}

/// Header names, in the order [`encode`] writes them.
const GAME: &str = "Game";
const ENTRIES: &str = "Entries";
const LENGTH: &str = "Length";
const CHECKSUM: &str = "Checksum";

fn read_block(lines: &[(usize, String)]) -> Result<(ArmorHeader, Vec<u8>), ArmorErrorKind> {
    let mut game: Option<String> = None;
    let mut entries: Option<String> = None;
    let mut length: Option<String> = None;
    let mut checksum: Option<String> = None;
    let mut k = 0;
    // Header phase.
    while k < lines.len() {
        let l = lines[k].1.trim();
        if l.is_empty() {
            k += 1;
            continue;
        }
        let Some((name, value)) = header_line(l) else {
            break;
        };
        let slot = match name {
            GAME => &mut game,
            ENTRIES => &mut entries,
            LENGTH => &mut length,
            _ => &mut checksum,
        };
        if slot.is_some() {
            return Err(ArmorErrorKind::DuplicateHeader { name });
        }
        let mut value = collapse_spaces(value);
        k += 1;
        if name == CHECKSUM {
            // A long checksum line may have been wrapped: take following lines of
            // hex digits until 64 digits are collected.
            while hex_digits(&value) < 64 && k < lines.len() {
                let next = lines[k].1.trim();
                let have = hex_digits(&value);
                let digits = if have == 0 {
                    strip_algorithm(next)
                } else {
                    next
                };
                if digits.is_empty()
                    || !digits.chars().all(|c| c.is_ascii_hexdigit())
                    || have + digits.len() > 64
                {
                    break;
                }
                value.push_str(next);
                k += 1;
            }
        }
        *slot = Some(value);
    }
    let game = game.ok_or(ArmorErrorKind::MissingHeader(GAME))?;
    let entries = entries.ok_or(ArmorErrorKind::MissingHeader(ENTRIES))?;
    let length = length.ok_or(ArmorErrorKind::MissingHeader(LENGTH))?;
    let checksum = checksum.ok_or(ArmorErrorKind::MissingHeader(CHECKSUM))?;

    let (first, last) = parse_range(&entries).ok_or_else(|| ArmorErrorKind::BadHeader {
        name: ENTRIES,
        value: entries.clone(),
    })?;
    let declared: u64 = length
        .trim()
        .parse()
        .map_err(|_| ArmorErrorKind::BadHeader {
            name: LENGTH,
            value: length.clone(),
        })?;
    let expected = parse_checksum(&checksum).ok_or_else(|| ArmorErrorKind::BadHeader {
        name: CHECKSUM,
        value: checksum.clone(),
    })?;
    if declared > MAX_PAYLOAD_BYTES {
        return Err(ArmorErrorKind::TooLarge {
            declared,
            limit: MAX_PAYLOAD_BYTES,
        });
    }

    // Body phase: every remaining non-space character must be base64.
    let mut b64 = String::new();
    for (n, l) in &lines[k..] {
        for ch in l.chars() {
            if ch.is_whitespace() {
                continue;
            }
            if ch.is_ascii_alphanumeric() || ch == '+' || ch == '/' || ch == '=' {
                b64.push(ch);
            } else {
                return Err(ArmorErrorKind::BadCharacter { ch, line: *n });
            }
        }
    }
    if b64.is_empty() {
        return Err(ArmorErrorKind::EmptyBody);
    }
    let engine = GeneralPurpose::new(
        &alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    let compressed = engine
        .decode(b64.as_bytes())
        .map_err(|e| ArmorErrorKind::BadBase64(e.to_string()))?;

    // Decompress at most declared + 1 bytes: never allocate past the declared size.
    let mut payload = Vec::new();
    DeflateDecoder::new(compressed.as_slice())
        .take(declared + 1)
        .read_to_end(&mut payload)
        .map_err(|e| ArmorErrorKind::Decompress(e.to_string()))?;
    if payload.len() as u64 != declared {
        let actual = if payload.len() as u64 > declared {
            "longer".to_string()
        } else {
            format!("{} bytes", payload.len())
        };
        return Err(ArmorErrorKind::LengthMismatch { declared, actual });
    }
    let actual: [u8; 32] = Sha256::digest(&payload).into();
    if actual != expected {
        return Err(ArmorErrorKind::ChecksumMismatch {
            expected: format!("sha256:{}", hex::encode(expected)),
            actual: format!("sha256:{}", hex::encode(actual)),
        });
    }
    Ok((ArmorHeader { game, first, last }, payload))
}

/// Recognises `Name: value` for the four header names (case-insensitive).
fn header_line(l: &str) -> Option<(&'static str, &str)> {
    let (name, value) = l.split_once(':')?;
    let name = name.trim();
    [GAME, ENTRIES, LENGTH, CHECKSUM]
        .into_iter()
        .find(|h| h.eq_ignore_ascii_case(name))
        .map(|h| (h, value))
}

fn parse_range(s: &str) -> Option<(u64, u64)> {
    let s = s.trim();
    let mut parts = s.splitn(2, ['-', '\u{2013}', '\u{2014}', '\u{2212}']);
    let first: u64 = parts.next()?.trim().parse().ok()?;
    let last: u64 = match parts.next() {
        Some(p) => p.trim().parse().ok()?,
        None => first,
    };
    (first <= last).then_some((first, last))
}

fn parse_checksum(s: &str) -> Option<[u8; 32]> {
    let hex: String = strip_algorithm(s.trim())
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bytes = hex::decode(hex).ok()?;
    bytes.try_into().ok()
}

/// Strips a leading `sha256:` (any case, also `sha-256:`) from a checksum value.
fn strip_algorithm(s: &str) -> &str {
    for prefix in ["sha256:", "sha-256:"] {
        if s.len() >= prefix.len()
            && s.is_char_boundary(prefix.len())
            && s[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            return s[prefix.len()..].trim_start();
        }
    }
    s
}

fn hex_digits(value: &str) -> usize {
    strip_algorithm(value.trim())
        .chars()
        .filter(|c| c.is_ascii_hexdigit())
        .count()
}

/// Removes dash-like characters and spaces around a BEGIN/END mark's remainder.
fn strip_dashes(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || is_dash(c))
}

fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}'
            | '\u{2011}'
            | '\u{2012}'
            | '\u{2013}'
            | '\u{2014}'
            | '\u{2015}'
            | '\u{2212}'
    )
}

fn one_line(s: &str) -> String {
    let cleaned: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    collapse_spaces(&cleaned)
}

fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Splits into lines (1-based numbers of the original text) and undoes what forums do
/// to each line: entities, `<br>`, BBCode tags, invisible characters, quote prefixes,
/// trailing spaces. Markdown fence lines become empty.
fn clean_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (idx, raw) in text.split('\n').enumerate() {
        let line_no = idx + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        for part in raw.split('\r') {
            let unescaped = html_unescape(part);
            for seg in split_br(&unescaped) {
                out.push((line_no, clean_segment(&seg)));
            }
        }
    }
    out
}

fn clean_segment(s: &str) -> String {
    let s = strip_bbcode(s);
    let s: String = s
        .chars()
        .filter(|c| !is_invisible(*c))
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    let mut rest = s.as_str();
    loop {
        let t = rest.trim_start();
        if let Some(r) = t.strip_prefix('>') {
            rest = r;
        } else {
            rest = t;
            break;
        }
    }
    let rest = rest.trim_end();
    if rest.starts_with("```") || rest.starts_with("~~~") {
        return String::new();
    }
    rest.to_string()
}

fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}'
    )
}

/// Removes `[tag]`, `[/tag]`, `[tag=value]` and `[tag attr=…]` (tag: letters, digits or `*`).
/// Base64 never contains `[`, so this never touches a block's body.
fn strip_bbcode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match bbcode_tag_len(after) {
            Some(len) => rest = &after[len..],
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// If `s` (just after a `[`) starts a BBCode tag, the length up to and including `]`.
fn bbcode_tag_len(s: &str) -> Option<usize> {
    let close = s.find(']')?;
    let inner = &s[..close];
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '*'))
        .unwrap_or(inner.len());
    if name_end == 0 || !inner.as_bytes()[0].is_ascii_alphabetic() && inner.as_bytes()[0] != b'*' {
        return None;
    }
    match inner[name_end..].chars().next() {
        None | Some('=') | Some(' ') => Some(close + 1),
        _ => None,
    }
}

fn split_br(s: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let lower = s.to_ascii_lowercase();
    let mut start = 0;
    let mut search = 0;
    while let Some(p) = lower[search..].find("<br") {
        let p = search + p;
        match lower[p..].find('>') {
            Some(q)
                if lower[p + 3..p + q]
                    .trim()
                    .trim_end_matches('/')
                    .trim()
                    .is_empty() =>
            {
                parts.push(s[start..p].to_string());
                start = p + q + 1;
                search = start;
            }
            _ => search = p + 3,
        }
    }
    parts.push(s[start..].to_string());
    parts
}

/// Decodes the HTML entities a forum may leave in copied text (repeatedly, for
/// double escaping): named `amp lt gt quot apos nbsp plus sol equals`, and numeric.
fn html_unescape(s: &str) -> String {
    let mut cur = s.to_string();
    for _ in 0..3 {
        if !cur.contains('&') {
            break;
        }
        let next = unescape_once(&cur);
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

fn unescape_once(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let decoded = after
            .find(';')
            .filter(|&semi| semi <= 10)
            .and_then(|semi| entity(&after[..semi]).map(|c| (c, semi)));
        match decoded {
            Some((c, semi)) => {
                out.push(c);
                rest = &after[semi + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(num) = name.strip_prefix('#') {
        let code = if let Some(h) = num.strip_prefix('x').or_else(|| num.strip_prefix('X')) {
            u32::from_str_radix(h, 16).ok()?
        } else {
            num.parse().ok()?
        };
        return char::from_u32(code);
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{00A0}',
        "plus" => '+',
        "sol" => '/',
        "equals" => '=',
        _ => return None,
    })
}

impl fmt::Display for ArmorHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} entries {}-{}", self.game, self.first, self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> ArmorHeader {
        ArmorHeader {
            game: "3f9a1c".into(),
            first: 4,
            last: 7,
        }
    }

    #[test]
    fn round_trip_plain() {
        let payload = b"entries:\n  - n: 4\n    side: Rome\n".repeat(40);
        let text = encode(&header(), &payload);
        assert!(text.lines().all(|l| l.len() <= 81));
        let blocks = find_blocks(&text);
        assert_eq!(blocks.len(), 1);
        let b = blocks[0].as_ref().unwrap();
        assert_eq!(b.header, header());
        assert_eq!(b.payload, payload);
    }

    #[test]
    fn bbcode_is_stripped_but_not_brackets_in_text() {
        assert_eq!(strip_bbcode("[quote=\"bob\"]x[/quote]"), "x");
        assert_eq!(strip_bbcode("a [1] b"), "a [1] b");
        assert_eq!(strip_bbcode("[list][*]x"), "x");
    }

    #[test]
    fn entities() {
        assert_eq!(html_unescape("&amp;gt; a&#43;b &nbsp;"), "> a+b \u{a0}");
        assert_eq!(html_unescape("R&D &unknown;"), "R&D &unknown;");
    }

    #[test]
    fn declared_length_over_limit_is_refused_before_decompressing() {
        let text = encode(&header(), b"x").replace("Length: 1", "Length: 99999999999");
        let r = find_blocks(&text);
        assert!(matches!(
            r[0],
            Err(ArmorError {
                kind: ArmorErrorKind::TooLarge { .. },
                ..
            })
        ));
    }

    #[test]
    fn decompression_bomb_stops_at_declared_length() {
        // 16 MiB of zeros compresses to ~16 KiB; declared as 100 bytes it must be
        // refused after reading at most 101 bytes.
        let big = vec![0u8; 16 * 1024 * 1024];
        let text =
            encode(&header(), &big).replacen(&format!("Length: {}", big.len()), "Length: 100", 1);
        let e = find_blocks(&text).remove(0).unwrap_err();
        assert_eq!(
            e.kind,
            ArmorErrorKind::LengthMismatch {
                declared: 100,
                actual: "longer".into()
            }
        );
    }

    #[test]
    fn game_id_is_kept_on_one_line() {
        let h = ArmorHeader {
            game: "a\nb\tc ".into(),
            first: 1,
            last: 1,
        };
        let b = find_blocks(&encode(&h, b"x")).remove(0).unwrap();
        assert_eq!(b.header.game, "a b c");
    }

    #[test]
    fn declared_length_too_small_is_refused() {
        let text = encode(&header(), b"hello world").replace("Length: 11", "Length: 5");
        let r = find_blocks(&text);
        let e = r[0].as_ref().unwrap_err();
        assert!(
            matches!(e.kind, ArmorErrorKind::LengthMismatch { .. }),
            "{e}"
        );
    }
}
