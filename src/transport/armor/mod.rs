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

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use flate2::read::DeflateEncoder;
use flate2::Compression;
use sha2::{Digest, Sha256};

mod clean;
mod read;

use clean::clean_lines;
use read::{char_stream, find_mark, one_word, read_block, trim_dashes};

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

impl fmt::Display for ArmorHeader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} entries {}-{}", self.game, self.first, self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::clean::{html_unescape, strip_bbcode};
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
