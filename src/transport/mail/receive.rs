//! Reading messages back (mail-parser): attachments at any depth (a turn forwarded
//! as an attachment, once or twice), base64 parts decoded from the raw text so the
//! bytes are exact, damaged or cut-off parts named as such, Outlook's winmail.dat
//! recognised, and Maildirs read past a bad file.

use std::fs;
use std::path::{Path, PathBuf};

use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use mail_parser::{HeaderName, Message, MessagePart, MimeHeaders as _, PartType};

use super::{safe_file_name, Attachment, MailError};

/// A message read back by [`parse_message`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReceivedMail {
    pub subject: String,
    /// The sender's bare address (`addr@host`), or empty if the message has none.
    pub from: String,
    /// The first text part, or empty.
    pub body_text: String,
    /// Attachments, with file names made safe by [`safe_file_name`]: those of the
    /// message itself, then those of every message forwarded inside it (depth first),
    /// and inline text parts after the body text (a part without a name).
    pub attachments: Vec<Attachment>,
    /// Parts whose transfer encoding is damaged or cut off: not in `attachments`.
    pub damaged: Vec<DamagedPart>,
}

/// A part that could not be decoded whole: what it is and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedPart {
    /// Its file name (safe), or `attachment-<n>` for a nameless part.
    pub file_name: String,
    /// Its MIME type, lower case.
    pub content_type: String,
    /// What is wrong, in plain words (e.g. "its base64 text stops in the middle").
    pub reason: String,
    /// As much of it as could be decoded (may be empty).
    pub partial: Vec<u8>,
}

/// What to tell a player who received Outlook's winmail.dat instead of the log.
pub const TNEF_ADVICE: &str = "the sender's mail program (Microsoft Outlook or Exchange) wrapped the attachments \
in winmail.dat (TNEF, Outlook's \"Rich Text\" format), which other mail programs and legatus cannot open. \
Ask the sender to send the message again with log.yaml as a plain attachment: in Outlook, switch the message \
to HTML or plain text (Format Text > HTML or Plain Text) before attaching, or send it with `legatus mail --smtp`, \
or attach the .eml that `legatus mail --eml` writes";

/// The first four bytes of every TNEF stream (the signature 0x223E9F78, little-endian).
const TNEF_SIGNATURE: [u8; 4] = [0x78, 0x9f, 0x3e, 0x22];

/// Whether `a` is Outlook's TNEF wrapper (winmail.dat): by its signature bytes, its
/// MIME type (`application/ms-tnef`, `application/vnd.ms-tnef`) or its name.
pub fn is_tnef(a: &Attachment) -> bool {
    a.bytes.starts_with(&TNEF_SIGNATURE)
        || matches!(
            a.content_type.as_str(),
            "application/ms-tnef" | "application/vnd.ms-tnef"
        )
        || a.file_name.eq_ignore_ascii_case("winmail.dat")
}

/// Parses a raw RFC 5322 message (as read from an `.eml` file or a Maildir).
///
/// Attachment bytes are exact: base64 parts are decoded from the raw text (no charset
/// conversion; a stray `;` or spaces after `base64` in the Content-Transfer-Encoding
/// header are tolerated), other parts as mail-parser decodes them. A base64 part
/// with characters outside base64, a length that is not a whole number of base64
/// groups, or that runs into the end of a multipart message without its closing
/// boundary (a message cut off) goes into [`ReceivedMail::damaged`] instead. File
/// names are passed through [`safe_file_name`]; a part without one gets
/// `attachment-<n>`. Messages forwarded as attachments (`message/rfc822`) are opened
/// and their attachments taken too, at any depth mail-parser reads.
///
/// Errors: [`MailError::Parse`] if the bytes are not a message at all.
pub fn parse_message(raw: &[u8]) -> Result<ReceivedMail, MailError> {
    let msg = mail_parser::MessageParser::default()
        .parse(raw)
        .ok_or_else(|| MailError::Parse {
            what: "given".into(),
            reason: "no message headers found".into(),
        })?;
    let subject = msg.subject().unwrap_or("").to_string();
    let from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .unwrap_or("")
        .to_string();
    let body_text = msg.body_text(0).map(|c| c.into_owned()).unwrap_or_default();
    let mut parts = Parts::default();
    parts.collect(&msg, msg.raw_message());
    Ok(ReceivedMail {
        subject,
        from,
        body_text,
        attachments: parts.attachments,
        damaged: parts.damaged,
    })
}

#[derive(Default)]
struct Parts {
    attachments: Vec<Attachment>,
    damaged: Vec<DamagedPart>,
    /// Parts seen so far, for `attachment-<n>` names.
    count: usize,
}

impl Parts {
    /// Takes the attachments of `msg` and of every message nested in it. `raw` is the
    /// text its parts' offsets count in (see [`offsets_base`]).
    fn collect(&mut self, msg: &Message<'_>, raw: &[u8]) {
        let first_text = msg.text_body.first().copied();
        for (i, part) in msg.parts.iter().enumerate() {
            let i = i as u32;
            if let PartType::Message(nested) = &part.body {
                self.collect(nested, offsets_base(raw, nested));
                continue;
            }
            if matches!(part.body, PartType::Multipart(_)) {
                continue;
            }
            let attached = msg.attachments.contains(&i);
            let extra_text = msg.text_body.contains(&i) && Some(i) != first_text;
            if attached || extra_text {
                self.take(msg, raw, part);
            }
        }
    }

    fn take(&mut self, msg: &Message<'_>, raw: &[u8], part: &MessagePart<'_>) {
        self.count += 1;
        let file_name = part
            .attachment_name()
            .map(safe_file_name)
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| format!("attachment-{}", self.count));
        let content_type = match part.content_type() {
            Some(ct) => match ct.subtype() {
                Some(sub) => format!("{}/{}", ct.ctype(), sub),
                None => ct.ctype().to_string(),
            },
            None => "application/octet-stream".to_string(),
        }
        .to_ascii_lowercase();
        let bytes = if declares_base64(raw, part) {
            match decode_base64_part(msg, raw, part) {
                Ok(b) => b,
                Err((reason, partial)) => {
                    self.damaged.push(DamagedPart {
                        file_name,
                        content_type,
                        reason,
                        partial,
                    });
                    return;
                }
            }
        } else {
            part.contents().to_vec()
        };
        self.attachments.push(Attachment {
            file_name,
            content_type,
            bytes,
        });
    }
}

/// The text the offsets of `nested`'s parts count in. A message forwarded as an
/// attachment in plain text (`message/rfc822`, 7bit or 8bit, as Thunderbird, Gmail,
/// Outlook and Python's `email` forward) is read by mail-parser in place: its
/// `raw_message` is the slice of the enclosing text where it starts, but its parts'
/// offsets still count from the start of the enclosing text — reading them in the
/// slice lands on the wrong bytes (boundary lines read as base64). A forwarded
/// message that was itself encoded (base64) is decoded into text of its own, and its
/// offsets count in that.
fn offsets_base<'a>(outer: &'a [u8], nested: &'a Message<'_>) -> &'a [u8] {
    let inner = nested.raw_message();
    let (o, i) = (outer.as_ptr() as usize, inner.as_ptr() as usize);
    if i >= o && i + inner.len() <= o + outer.len() {
        outer
    } else {
        inner
    }
}

/// The part says it is base64: mail-parser saw `base64`, or the raw header value is
/// `base64` followed by stray punctuation or spaces (`base64;`).
fn declares_base64(raw: &[u8], part: &MessagePart<'_>) -> bool {
    if part.encoding == mail_parser::Encoding::Base64 {
        return true;
    }
    part.headers
        .iter()
        .filter(|h| h.name == HeaderName::ContentTransferEncoding)
        .any(|h| {
            let value = raw
                .get(h.offset_start as usize..h.offset_end as usize)
                .unwrap_or_default();
            let value = String::from_utf8_lossy(value).to_ascii_lowercase();
            let value = value.trim_matches(|c: char| c.is_whitespace() || "\"';,.".contains(c));
            value == "base64"
        })
}

/// Decodes a base64 part from the raw message text, or says why it is damaged
/// (with what could be decoded of it).
fn decode_base64_part(
    msg: &Message<'_>,
    raw: &[u8],
    part: &MessagePart<'_>,
) -> Result<Vec<u8>, (String, Vec<u8>)> {
    let start = (part.raw_body_offset() as usize).min(raw.len());
    let end = (part.raw_end_offset() as usize).clamp(start, raw.len());
    let text = &raw[start..end];
    let engine = GeneralPurpose::new(
        &alphabet::STANDARD,
        GeneralPurposeConfig::new()
            .with_decode_padding_mode(DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    let mut clean = Vec::with_capacity(text.len());
    let mut foreign = None;
    for &b in text {
        if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') {
            clean.push(b);
        } else if !b.is_ascii_whitespace() && foreign.is_none() {
            foreign = Some(b);
        }
    }
    // What can be read: the whole groups of four before any padding.
    let partial = |clean: &[u8]| {
        let body: Vec<u8> = clean.iter().copied().take_while(|&b| b != b'=').collect();
        let whole = body.len() / 4 * 4;
        engine.decode(&body[..whole]).unwrap_or_default()
    };
    if let Some(b) = foreign {
        return Err((
            format!(
                "its base64 text holds a character that base64 never uses ({:?})",
                b as char
            ),
            partial(&clean),
        ));
    }
    let pad_at = clean.iter().position(|&b| b == b'=');
    if pad_at.is_some_and(|p| clean[p..].iter().any(|&b| b != b'=')) {
        return Err((
            "its base64 text goes on after its end mark (`=`): two pieces were joined".into(),
            partial(&clean),
        ));
    }
    if clean.len() % 4 != 0 {
        return Err((
            "its base64 text stops in the middle of a group: it was cut off".into(),
            partial(&clean),
        ));
    }
    if ends_without_boundary(msg, raw, part) {
        return Err((
            "the message ends inside it, without the closing MIME boundary: it was cut off".into(),
            partial(&clean),
        ));
    }
    engine
        .decode(&clean)
        .map_err(|e| (format!("its base64 text is damaged ({e})"), partial(&clean)))
}

/// A part of a multipart message that runs to the very end of the message: the
/// closing boundary that every multipart message ends with is missing.
fn ends_without_boundary(msg: &Message<'_>, raw: &[u8], part: &MessagePart<'_>) -> bool {
    let multipart = msg
        .parts
        .first()
        .is_some_and(|p| matches!(p.body, PartType::Multipart(_)));
    if !multipart {
        return false;
    }
    let end = (part.raw_end_offset() as usize).min(raw.len());
    raw[end..].iter().all(|b| b.is_ascii_whitespace())
}

/// What [`read_maildir`] found: the messages, and the files it skipped with why.
#[derive(Debug, Clone, Default)]
pub struct Maildir {
    /// Messages, sorted by file name (then folder).
    pub messages: Vec<(PathBuf, ReceivedMail)>,
    /// Files that are empty, unreadable or not a message, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

/// Reads every message in a Maildir's `cur/` and `new/` folders, sorted by file name
/// (then by folder) so the order does not depend on the file system.
///
/// Read-only: messages are not moved from `new/` to `cur/` nor flagged. Files whose
/// names start with `.` and sub-folders are skipped; `tmp/` is never read. A missing
/// `cur/` or `new/` is treated as empty, but `dir` itself must exist. A file that is
/// empty, cannot be read or is not a message is skipped and listed in
/// [`Maildir::skipped`]; the others are read.
///
/// Errors: [`MailError::Io`] when `dir` is not a folder or a folder cannot be listed.
pub fn read_maildir(dir: &Path) -> Result<Maildir, MailError> {
    if !dir.is_dir() {
        return Err(MailError::Io {
            action: "read the Maildir",
            path: dir.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "not a folder"),
        });
    }
    let mut files: Vec<(std::ffi::OsString, PathBuf)> = Vec::new();
    for sub in ["cur", "new"] {
        let d = dir.join(sub);
        if !d.is_dir() {
            continue;
        }
        let list = |e| MailError::Io {
            action: "list",
            path: d.clone(),
            source: e,
        };
        for entry in fs::read_dir(&d).map_err(list)? {
            let entry = entry.map_err(list)?;
            let name = entry.file_name();
            let path = entry.path();
            if name.to_string_lossy().starts_with('.') || !path.is_file() {
                continue;
            }
            files.push((name, path));
        }
    }
    files.sort();
    let mut out = Maildir::default();
    for (_, path) in files {
        let raw = match fs::read(&path) {
            Ok(raw) => raw,
            Err(e) => {
                out.skipped.push((path, format!("cannot be read: {e}")));
                continue;
            }
        };
        if raw.iter().all(u8::is_ascii_whitespace) {
            out.skipped.push((path, "the file is empty".into()));
            continue;
        }
        match parse_message(&raw) {
            Ok(mail) => out.messages.push((path, mail)),
            Err(MailError::Parse { reason, .. }) => {
                out.skipped
                    .push((path, format!("not an email message: {reason}")));
            }
            Err(e) => out.skipped.push((path, e.to_string())),
        }
    }
    Ok(out)
}
