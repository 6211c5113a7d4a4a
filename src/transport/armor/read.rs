//! Reading one paste block: its marks, header lines and base64 body as one stream of
//! characters in which whitespace means nothing, then its payload, decompressed no further
//! than its declared length and checked against its checksum.

use std::io::Read;

use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use flate2::read::DeflateDecoder;
use sha2::{Digest, Sha256};

use super::{ArmorErrorKind, ArmorHeader, MAX_PAYLOAD_BYTES};

/// One character of the cleaned text with the 1-based line it came from.
pub(super) type Ch = (char, usize);

/// The cleaned lines as one stream of characters, each line ended by a space.
pub(super) fn char_stream(lines: &[(usize, String)]) -> Vec<Ch> {
    let mut out = Vec::new();
    for (n, l) in lines {
        out.extend(l.chars().map(|c| (c, *n)));
        out.push((' ', *n));
    }
    out
}

/// Finds `mark` (words of capital letters) at or after `from`, ignoring whitespace
/// anywhere inside it. Returns where it starts and where its last letter ends.
pub(super) fn find_mark(s: &[Ch], from: usize, mark: &str) -> Option<(usize, usize)> {
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
pub(super) fn trim_dashes(s: &[Ch]) -> &[Ch] {
    let skip = |c: &Ch| c.0.is_whitespace() || is_dash(c.0);
    let start = s.iter().position(|c| !skip(c)).unwrap_or(s.len());
    let end = s.iter().rposition(|c| !skip(c)).map_or(start, |e| e + 1);
    &s[start..end.max(start)]
}

/// Header names, in the order [`encode`] writes them.
pub(super) const GAME: &str = "Game";
pub(super) const ENTRIES: &str = "Entries";
pub(super) const LENGTH: &str = "Length";
pub(super) const CHECKSUM: &str = "Checksum";
pub(super) const HEADERS: [&str; 4] = [GAME, ENTRIES, LENGTH, CHECKSUM];

/// If a header name followed by `:` starts at `i` (spaces or line breaks allowed inside
/// the name and before the colon): which header, and where its value starts.
pub(super) fn header_at(s: &[Ch], i: usize) -> Option<(&'static str, usize)> {
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

pub(super) fn text_of(s: &[Ch]) -> String {
    s.iter().map(|c| c.0).collect()
}

pub(super) fn skip_space(s: &[Ch], mut i: usize) -> usize {
    while i < s.len() && s[i].0.is_whitespace() {
        i += 1;
    }
    i
}

/// Reads a checksum value starting at `i`: an optional `sha256:`, then 64 hex digits
/// (a wrapped or split value is joined). Returns the digits and where the value ends.
pub(super) fn read_checksum(s: &[Ch], i: usize) -> Result<(String, usize), String> {
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
pub(super) fn read_block(s: &[Ch]) -> Result<(ArmorHeader, Vec<u8>), ArmorErrorKind> {
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

pub(super) fn parse_range(s: &str) -> Option<(u64, u64)> {
    let s = s.trim();
    let mut parts = s.splitn(2, ['-', '\u{2013}', '\u{2014}', '\u{2212}']);
    let first: u64 = parts.next()?.trim().parse().ok()?;
    let last: u64 = match parts.next() {
        Some(p) => p.trim().parse().ok()?,
        None => first,
    };
    (first <= last).then_some((first, last))
}

pub(super) fn parse_checksum(s: &str) -> Option<[u8; 32]> {
    let hex: String = strip_algorithm(s.trim())
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bytes = hex::decode(hex).ok()?;
    bytes.try_into().ok()
}

/// Strips a leading `sha256:` (any case, also `sha-256:`) from a checksum value.
pub(super) fn strip_algorithm(s: &str) -> &str {
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

pub(super) fn is_dash(c: char) -> bool {
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

pub(super) fn one_word(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect()
}

pub(super) fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
