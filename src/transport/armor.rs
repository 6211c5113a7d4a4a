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
//! Whitespace carries no meaning anywhere in a block: its marks, header names, values
//! and body are recognised with any spaces or line breaks between (or inside) them, so
//! a block whose lines were joined into one, split or re-indented reads back the same.
//! The layout above is only what [`encode`] writes; blocks posted by earlier versions
//! have that layout and read back as they always did. The checksum keeps its meaning
//! because it covers the payload bytes, which no whitespace change can reach: base64
//! ignores whitespace, and the checksum is fixed at 64 hex digits.
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
    /// Game id (short form is fine). One word: [`encode`] drops any whitespace or
    /// control characters in it.
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
    let game = one_word(&header.game);
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
/// Line breaks and spaces carry no meaning in a block: it is read as one stream of
/// characters from its BEGIN mark to its END mark, so a block survives having its lines
/// joined into one (a forum that renders `[code]` inline, then a browser's copy), split
/// anywhere, re-indented, or its header lines run together. What decides whether a
/// block is accepted is its content: the decompressed payload must have exactly the
/// declared `Length` and `Checksum`, whatever happened to the whitespace around it.
///
/// Also tolerates quote prefixes (`>`, `> >`), BBCode tags (`[quote=…]`, `[code]`,
/// nested), Markdown code fences, CRLF/CR line ends, Unicode and non-breaking spaces,
/// zero-width characters and soft hyphens, HTML entities (`&gt;`, `&amp;`, `&#43;`, …),
/// `<br>` and blank lines. Each block is either `Ok` with exactly the original payload,
/// or `Err` naming its position and reason.
pub fn find_blocks(text: &str) -> Vec<Result<Block, ArmorError>> {
    let stream = char_stream(&clean_lines(text));
    let mut results = Vec::new();
    let mut i = 0;
    while let Some((begin_at, after_begin)) = find_mark(&stream, i, BEGIN_MARK) {
        let line_no = stream[begin_at].1;
        let block_no = results.len() + 1;
        let err = |kind| ArmorError {
            block: block_no,
            line: line_no,
            kind,
        };
        let next_begin = find_mark(&stream, after_begin, BEGIN_MARK).map(|(b, _)| b);
        let end = find_mark(&stream, after_begin, END_MARK)
            .filter(|(e, _)| next_begin.is_none_or(|b| *e < b));
        match end {
            Some((end_at, after_end)) => {
                let body = trim_dashes(&stream[after_begin..end_at]);
                results.push(
                    read_block(body)
                        .map(|(header, payload)| Block {
                            header,
                            payload,
                            line: line_no,
                        })
                        .map_err(err),
                );
                i = after_end;
            }
            None => {
                // A new block starts (or the text ends) first: this one is cut short.
                results.push(Err(err(ArmorErrorKind::Truncated)));
                i = next_begin.unwrap_or(stream.len());
            }
        }
    }
    results
}

/// One character of the cleaned text with the 1-based line it came from.
type Ch = (char, usize);

/// The cleaned lines as one stream of characters, each line ended by a space.
fn char_stream(lines: &[(usize, String)]) -> Vec<Ch> {
    let mut out = Vec::new();
    for (n, l) in lines {
        out.extend(l.chars().map(|c| (c, *n)));
        out.push((' ', *n));
    }
    out
}

/// Finds `mark` (words of capital letters) at or after `from`, ignoring whitespace
/// anywhere inside it. Returns where it starts and where its last letter ends.
fn find_mark(s: &[Ch], from: usize, mark: &str) -> Option<(usize, usize)> {
    let want: Vec<char> = mark.chars().filter(|c| !c.is_whitespace()).collect();
    let first = *want.first()?;
    (from..s.len()).filter(|&i| s[i].0 == first).find_map(|i| {
        let mut k = 0;
        let mut j = i;
        while j < s.len() && k < want.len() {
            let c = s[j].0;
            if c == want[k] {
                k += 1;
            } else if !c.is_whitespace() {
                return None;
            }
            j += 1;
        }
        (k == want.len()).then_some((i, j))
    })
}

/// Drops the dashes (any dash-like character) and spaces around the marks.
fn trim_dashes(s: &[Ch]) -> &[Ch] {
    let skip = |c: &Ch| c.0.is_whitespace() || is_dash(c.0);
    let start = s.iter().position(|c| !skip(c)).unwrap_or(s.len());
    let end = s.iter().rposition(|c| !skip(c)).map_or(start, |e| e + 1);
    &s[start..end.max(start)]
}

/// Header names, in the order [`encode`] writes them.
const GAME: &str = "Game";
const ENTRIES: &str = "Entries";
const LENGTH: &str = "Length";
const CHECKSUM: &str = "Checksum";
const HEADERS: [&str; 4] = [GAME, ENTRIES, LENGTH, CHECKSUM];

/// If a header name followed by `:` starts at `i` (spaces or line breaks allowed inside
/// the name and before the colon): which header, and where its value starts.
fn header_at(s: &[Ch], i: usize) -> Option<(&'static str, usize)> {
    if !s.get(i).is_some_and(|c| c.0.is_ascii_alphabetic()) {
        return None;
    }
    HEADERS.into_iter().find_map(|name| {
        let mut j = i;
        for want in name.chars() {
            while j > i && j < s.len() && s[j].0.is_whitespace() {
                j += 1;
            }
            if j >= s.len() || !s[j].0.eq_ignore_ascii_case(&want) {
                return None;
            }
            j += 1;
        }
        j = skip_space(s, j);
        (j < s.len() && s[j].0 == ':').then_some((name, j + 1))
    })
}

fn text_of(s: &[Ch]) -> String {
    s.iter().map(|c| c.0).collect()
}

fn skip_space(s: &[Ch], mut i: usize) -> usize {
    while i < s.len() && s[i].0.is_whitespace() {
        i += 1;
    }
    i
}

/// Reads a checksum value starting at `i`: an optional `sha256:`, then 64 hex digits
/// (a wrapped or split value is joined). Returns the digits and where the value ends.
fn read_checksum(s: &[Ch], i: usize) -> Result<(String, usize), String> {
    let mut i = skip_space(s, i);
    // An algorithm name, spaces allowed inside (`sha256:`, `sha-256:`, any case).
    let mut j = i;
    let mut name = String::new();
    while j < s.len() && name.len() < 8 && s[j].0 != ':' {
        if !s[j].0.is_whitespace() {
            name.push(s[j].0.to_ascii_lowercase());
        }
        j += 1;
    }
    if j < s.len() && s[j].0 == ':' && (name == "sha256" || name == "sha-256") {
        i = skip_space(s, j + 1);
    }
    let token_end = |from: usize| {
        let mut e = from;
        while e < s.len() && !s[e].0.is_whitespace() {
            e += 1;
        }
        e
    };
    let mut digits = String::new();
    loop {
        let end = token_end(i);
        let token = text_of(&s[i..end]);
        let hex_run = token.chars().take_while(char::is_ascii_hexdigit).count();
        let need = 64 - digits.len();
        if hex_run == token.chars().count() && hex_run <= need && hex_run > 0 {
            // A whole token of hex digits: all of it is the checksum (wrapped or split).
            digits.push_str(&token);
            i = end;
            if digits.len() == 64 {
                return Ok((digits, i));
            }
            i = skip_space(s, i);
            continue;
        }
        if hex_run >= need && hex_run < token.chars().count() {
            // The checksum runs straight into the body (all spaces removed).
            digits.push_str(&token[..need]);
            return Ok((digits, i + need));
        }
        return Err(format!("{}{}", digits, token));
    }
}

/// Reads a block's content (between its marks): the header fields, then the base64 body.
fn read_block(s: &[Ch]) -> Result<(ArmorHeader, Vec<u8>), ArmorErrorKind> {
    let mut values: [Option<String>; 4] = Default::default();
    let mut i = skip_space(s, 0);
    let mut body_start = None;
    while let Some((name, value_at)) = header_at(s, i) {
        let slot = HEADERS.iter().position(|h| *h == name).expect("a header");
        if values[slot].is_some() {
            return Err(ArmorErrorKind::DuplicateHeader { name });
        }
        if name == CHECKSUM {
            let (digits, end) =
                read_checksum(s, value_at).map_err(|v| ArmorErrorKind::BadHeader {
                    name: CHECKSUM,
                    value: collapse_spaces(&v),
                })?;
            values[slot] = Some(digits);
            i = skip_space(s, end);
            if values.iter().all(Option::is_some) {
                body_start = Some(i);
                break;
            }
            continue;
        }
        // The value runs to the next header name.
        let mut j = value_at;
        while j < s.len() && header_at(s, j).is_none() {
            j += 1;
        }
        // No value has a space of its own (a game id is one word), so any space in it was
        // put there by re-wrapping.
        let value: String = s[value_at..j]
            .iter()
            .map(|c| c.0)
            .filter(|c| !c.is_whitespace())
            .collect();
        values[slot] = Some(value);
        i = j;
    }
    let [game, entries, length, checksum] = values;
    let game = game.ok_or(ArmorErrorKind::MissingHeader(GAME))?;
    let entries = entries.ok_or(ArmorErrorKind::MissingHeader(ENTRIES))?;
    let length = length.ok_or(ArmorErrorKind::MissingHeader(LENGTH))?;
    let checksum = checksum.ok_or(ArmorErrorKind::MissingHeader(CHECKSUM))?;
    let body = &s[body_start.unwrap_or(i)..];

    let (first, last) = parse_range(&entries).ok_or_else(|| ArmorErrorKind::BadHeader {
        name: ENTRIES,
        value: entries.clone(),
    })?;
    let declared: u64 = length
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
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

    // Body: every non-space character must be base64.
    let mut b64 = String::new();
    for (ch, n) in body {
        let ch = *ch;
        if ch.is_whitespace() {
            continue;
        }
        if ch.is_ascii_alphanumeric() || ch == '+' || ch == '/' || ch == '=' {
            b64.push(ch);
        } else {
            return Err(ArmorErrorKind::BadCharacter { ch, line: *n });
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

fn one_word(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect()
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
    for fence in ['`', '~'] {
        if rest.starts_with(&fence.to_string().repeat(3)) {
            // A Markdown fence, with its info string (```text); what follows it on the
            // same line (a block joined into one line) is kept.
            let after = rest.trim_start_matches(fence);
            let after = match after.chars().next() {
                Some(c) if c.is_alphanumeric() => after.split_once(' ').map_or("", |x| x.1),
                _ => after,
            };
            return after.trim().to_string();
        }
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
    fn game_id_is_kept_one_word() {
        let h = ArmorHeader {
            game: "a\nb\tc ".into(),
            first: 1,
            last: 1,
        };
        let b = find_blocks(&encode(&h, b"x")).remove(0).unwrap();
        assert_eq!(b.header.game, "abc");
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
