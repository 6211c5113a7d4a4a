//! Email: building messages (lettre), writing `.eml` files, sending by SMTP
//! ([`smtp`]), and reading messages back ([`receive`], mail-parser) from files or a Maildir.
//!
//! Signed data always travels as attachments (base64 transfer encoding, so the bytes
//! arrive exactly as sent); the body text is for people and is never trusted.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use lettre::Message;

mod receive;
mod smtp;

pub use receive::{
    is_tnef, parse_message, read_maildir, DamagedPart, Maildir, ReceivedMail, TNEF_ADVICE,
};
pub use smtp::{send_smtp, SmtpConfig};

/// One attached file: its name (as shown to the recipient), MIME type, and exact bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub file_name: String,
    /// MIME type such as `application/x-yaml`.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A message to send or write out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// `addr@host` or `Name <addr@host>`.
    pub from: String,
    /// `addr@host` or `Name <addr@host>`; several recipients joined by `, ` (a name with a
    /// comma in it is written as the bare address).
    pub to: String,
    pub subject: String,
    /// Plain text for the human reader.
    pub body_text: String,
    pub attachments: Vec<Attachment>,
}

/// What went wrong with mail. Never contains a password.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("not a usable email address {address:?}: {reason}")]
    BadAddress { address: String, reason: String },
    #[error("not a usable MIME type {0:?} for an attachment")]
    BadContentType(String),
    #[error("could not build the message: {0}")]
    Build(String),
    #[error("could not {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("SMTP settings: {0}")]
    Config(String),
    #[error("the SMTP server {server} refused the login of user {user:?} (wrong user name or password?): {detail}")]
    AuthRejected {
        server: String,
        user: String,
        detail: String,
    },
    #[error("sending by SMTP through {server} failed: {detail}")]
    Smtp { server: String, detail: String },
    #[error("could not read the message {what}: {reason}")]
    Parse { what: String, reason: String },
}

/// The subject line legatus uses, naming the last entry, its sender and what the
/// recipient must do next:
/// `"[legatus] <game id short> entry <n> from <sender>: <recipient>, <task>"`.
pub fn subject_line(game_id_short: &str, entry: u64, from: &str, to: &str, task: &str) -> String {
    format!("[legatus] {game_id_short} entry {entry} from {from}: {to}, {task}")
}

fn mailbox(address: &str) -> Result<Mailbox, MailError> {
    address
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::BadAddress {
            address: address.to_string(),
            reason: e.to_string(),
        })
}

/// Builds the lettre message: a plain-text part plus one base64 part per attachment.
pub(crate) fn to_lettre(mail: &OutgoingMail) -> Result<Message, MailError> {
    let mut builder = Message::builder().from(mailbox(&mail.from)?);
    for to in mail.to.split(", ") {
        builder = builder.to(mailbox(to)?);
    }
    let builder = builder.subject(mail.subject.clone());
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(mail.body_text.clone());
    let message = if mail.attachments.is_empty() {
        builder.singlepart(text)
    } else {
        let mut multi = MultiPart::mixed().singlepart(text);
        for a in &mail.attachments {
            let ct = ContentType::parse(&a.content_type)
                .map_err(|_| MailError::BadContentType(a.content_type.clone()))?;
            let body = Body::new_with_encoding(a.bytes.clone(), ContentTransferEncoding::Base64)
                .map_err(|_| MailError::Build("attachment could not be base64-encoded".into()))?;
            multi = multi.singlepart(
                lettre::message::Attachment::new(safe_file_name(&a.file_name)).body(body, ct),
            );
        }
        builder.multipart(multi)
    };
    message.map_err(|e| MailError::Build(e.to_string()))
}

/// The message as RFC 5322 / MIME bytes (CRLF line ends).
///
/// `Date`, `Message-ID` and the MIME boundary vary between calls; everything else
/// is a function of `mail`. Attachments are base64-encoded so they survive any relay.
///
/// Errors: [`MailError::BadAddress`], [`MailError::BadContentType`], [`MailError::Build`].
pub fn build_message(mail: &OutgoingMail) -> Result<Vec<u8>, MailError> {
    Ok(to_lettre(mail)?.formatted())
}

/// Writes the message to `path` as an `.eml` file, atomically: a temporary file in
/// the same folder is written, flushed to disk and renamed over `path`.
///
/// Errors: those of [`build_message`], and [`MailError::Io`].
pub fn write_eml(mail: &OutgoingMail, path: &Path) -> Result<(), MailError> {
    let bytes = build_message(mail)?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let io = |action, source| MailError::Io {
        action,
        path: path.to_path_buf(),
        source,
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".legatus-")
        .suffix(".eml.tmp")
        .tempfile_in(dir)
        .map_err(|e| io("create a temporary file next to", e))?;
    tmp.write_all(&bytes).map_err(|e| io("write", e))?;
    tmp.as_file().sync_all().map_err(|e| io("write", e))?;
    tmp.persist(path).map_err(|e| io("rename into", e.error))?;
    Ok(())
}

/// Makes an attachment's file name safe to create in a folder of our choosing:
/// keeps only the last component after any `/` or `\`, drops control characters
/// (NUL included) and the characters `: * ? " < > |`, trims spaces and dots at both
/// ends (so no `..`, no hidden files), and caps the length at 200 bytes.
/// Returns an empty string if nothing usable is left.
pub fn safe_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = last
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, ':' | '*' | '?' | '"' | '<' | '>' | '|'))
        .collect();
    let trimmed = cleaned.trim_matches(|c: char| c == '.' || c.is_whitespace());
    let mut out = String::new();
    for c in trimmed.chars() {
        if out.len() + c.len_utf8() > 200 {
            break;
        }
        out.push(c);
    }
    out.trim_end_matches(|c: char| c == '.' || c.is_whitespace())
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject() {
        assert_eq!(
            subject_line(
                "3f9a1c",
                12,
                "Rome",
                "Carthage",
                "your orders for step move"
            ),
            "[legatus] 3f9a1c entry 12 from Rome: Carthage, your orders for step move"
        );
    }

    #[test]
    fn safe_names() {
        assert_eq!(safe_file_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_file_name("..\\..\\boot.ini"), "boot.ini");
        assert_eq!(safe_file_name(".."), "");
        assert_eq!(safe_file_name("a\0b\u{7}c.yaml"), "abc.yaml");
        assert_eq!(safe_file_name("/abs/entries.yaml"), "entries.yaml");
        assert_eq!(safe_file_name(".hidden"), "hidden");
        assert_eq!(safe_file_name("C:evil.txt"), "Cevil.txt");
        assert_eq!(safe_file_name("turn 12 (Rome).yaml"), "turn 12 (Rome).yaml");
    }
}
