//! SMTP settings and sending (lettre, rustls). The password is never printed.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{SmtpTransport, Transport as _};

use super::{to_lettre, MailError, OutgoingMail};

/// Environment variable holding the server URL.
pub const ENV_URL: &str = "LEGATUS_SMTP_URL";
/// Environment variable holding the password.
pub const ENV_PASSWORD: &str = "LEGATUS_SMTP_PASSWORD";
/// Environment variable naming a CA certificate file (PEM) to trust for the server.
pub const ENV_CA_FILE: &str = "LEGATUS_SMTP_CA_FILE";

/// Where and how to send mail.
///
/// `url` is `smtp://user@host[:port]` (STARTTLS required, port 587 by default) or
/// `smtps://user@host[:port]` (implicit TLS, port 465 by default). The query
/// `?tls=none` turns TLS off, and is accepted only for a loopback host (tests).
/// The user name may be percent-encoded (`alice%40example.org`).
///
/// `ca_file` names a PEM file of CA certificates to trust besides the public roots:
/// for a server whose certificate a private CA issued (a club's own server), or a
/// self-signed server certificate (give the certificate itself). TLS stays on and the
/// host name is still checked.
///
/// `Debug` and `Display` never show the password.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpConfig {
    pub url: String,
    pub password: Option<String>,
    /// A PEM file of CA certificates to trust for this server, besides the public roots.
    pub ca_file: Option<PathBuf>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    url: Option<String>,
    password: Option<String>,
    ca_file: Option<PathBuf>,
}

impl SmtpConfig {
    /// Reads the settings from the environment (`LEGATUS_SMTP_URL`,
    /// `LEGATUS_SMTP_PASSWORD`, `LEGATUS_SMTP_CA_FILE`) and, if given, a small YAML
    /// file with the keys `url`, `password` and `ca_file` (a relative `ca_file` is
    /// read from the settings file's folder); a value from the environment wins over
    /// the file's.
    ///
    /// A password written into the URL (`smtp://user:secret@host`) is moved out of it
    /// into `password`. Errors: [`MailError::Config`] when no URL is set anywhere, the
    /// URL is unusable, the file cannot be read or parsed (the message never quotes
    /// the file's text), or (on Unix) the file is readable by group or others.
    pub fn from_env_and_file(config_file: Option<&Path>) -> Result<Self, MailError> {
        let mut cfg = Self::from_values_and_file(
            std::env::var(ENV_URL).ok().filter(|s| !s.trim().is_empty()),
            std::env::var(ENV_PASSWORD).ok().filter(|s| !s.is_empty()),
            config_file,
        )?;
        if let Some(ca) = std::env::var_os(ENV_CA_FILE).filter(|s| !s.is_empty()) {
            cfg.ca_file = Some(PathBuf::from(ca));
        }
        cfg.root_certificate()?; // validate early
        Ok(cfg)
    }

    /// Like [`SmtpConfig::from_env_and_file`] with the environment's two values given
    /// explicitly (for tests and callers that read them elsewhere).
    pub fn from_values_and_file(
        env_url: Option<String>,
        env_password: Option<String>,
        config_file: Option<&Path>,
    ) -> Result<Self, MailError> {
        let (mut url, mut password, mut ca_file) = (None, None, None);
        if let Some(path) = config_file {
            refuse_if_others_can_read(path)?;
            let text = std::fs::read_to_string(path)
                .map_err(|e| MailError::Config(format!("cannot read {}: {e}", path.display())))?;
            let file: ConfigFile = serde_saphyr::from_str(&text).map_err(|_| {
                MailError::Config(format!(
                    "{} is not a valid SMTP settings file: expected YAML with the keys \
                     `url` and (optionally) `password` and `ca_file` and nothing else",
                    path.display()
                ))
            })?;
            url = file.url;
            password = file.password;
            let folder = path.parent().unwrap_or(Path::new(""));
            ca_file = file.ca_file.map(|f| folder.join(f));
        }
        if env_url.is_some() {
            url = env_url;
        }
        if env_password.is_some() {
            password = env_password;
        }
        let url = url.ok_or_else(|| {
            MailError::Config(format!(
                "no SMTP server set: put its URL in {ENV_URL} or in the settings file as `url:`"
            ))
        })?;
        let mut parsed = url::Url::parse(url.trim()).map_err(|e| {
            MailError::Config(format!("the SMTP URL cannot be read ({e}); expected smtp://user@host:port or smtps://user@host:port"))
        })?;
        if let Some(p) = parsed.password() {
            let from_url = percent_decode(p);
            let _ = parsed.set_password(None);
            if password.is_none() {
                password = Some(from_url);
            }
        }
        let cfg = SmtpConfig {
            url: parsed.to_string(),
            password,
            ca_file,
        };
        cfg.endpoint()?; // validate early
        cfg.root_certificate()?;
        Ok(cfg)
    }

    /// Trusts the certificates of `ca_file` (PEM) for this server, besides the public roots.
    pub fn with_ca_file(mut self, ca_file: impl Into<PathBuf>) -> Result<Self, MailError> {
        self.ca_file = Some(ca_file.into());
        self.root_certificate()?;
        Ok(self)
    }

    /// The certificates of `ca_file`, read and parsed.
    ///
    /// Errors: [`MailError::Config`] when the file cannot be read or holds no PEM
    /// certificate.
    fn root_certificate(&self) -> Result<Option<Certificate>, MailError> {
        let Some(path) = &self.ca_file else {
            return Ok(None);
        };
        let pem = std::fs::read(path).map_err(|e| {
            MailError::Config(format!(
                "cannot read the CA certificate file {}: {e}",
                path.display()
            ))
        })?;
        let unusable = || {
            MailError::Config(format!(
                "{} holds no certificate in PEM form (-----BEGIN CERTIFICATE----- ...): give the CA's \
                 certificate (or the server's own self-signed certificate) as a .pem or .crt text file",
                path.display()
            ))
        };
        if !String::from_utf8_lossy(&pem).contains("-----BEGIN CERTIFICATE-----") {
            return Err(unusable());
        }
        Certificate::from_pem(&pem)
            .map(Some)
            .map_err(|_| unusable())
    }

    /// The parsed URL: host, port, user, TLS mode.
    fn endpoint(&self) -> Result<Endpoint, MailError> {
        let u = url::Url::parse(&self.url)
            .map_err(|e| MailError::Config(format!("the SMTP URL cannot be read ({e})")))?;
        let implicit_tls = match u.scheme() {
            "smtp" => false,
            "smtps" => true,
            other => {
                return Err(MailError::Config(format!(
                    "the SMTP URL scheme must be smtp or smtps, not {other:?}"
                )))
            }
        };
        let host = u
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| MailError::Config("the SMTP URL has no host".into()))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let port = u.port().unwrap_or(if implicit_tls { 465 } else { 587 });
        let mut tls_none = false;
        for (k, v) in u.query_pairs() {
            match (k.as_ref(), v.as_ref()) {
                ("tls", "none") => tls_none = true,
                ("tls", "required") | ("tls", "starttls") => {}
                _ => {
                    return Err(MailError::Config(format!(
                        "unknown SMTP URL option {k}={v} (only tls=none, for loopback tests)"
                    )))
                }
            }
        }
        if tls_none && (implicit_tls || !is_loopback(&host)) {
            return Err(MailError::Config(
                "tls=none is only allowed with smtp:// to a loopback address (127.0.0.1, ::1, localhost); \
for a server with a private CA or a self-signed certificate keep TLS on and trust that certificate: \
`ca_file: FILE.pem` in the settings file, or LEGATUS_SMTP_CA_FILE"
                    .into(),
            ));
        }
        let mode = match (implicit_tls, tls_none) {
            (true, _) => TlsMode::Implicit,
            (false, true) => TlsMode::None,
            (false, false) => TlsMode::StartTls,
        };
        Ok(Endpoint {
            host,
            port,
            user: percent_decode(u.username()),
            password: self
                .password
                .clone()
                .or_else(|| u.password().map(percent_decode)),
            mode,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TlsMode {
    None,
    StartTls,
    Implicit,
}

/// A settings file may hold a password: like ssh, refuse one that other users can
/// read (Unix only).
fn refuse_if_others_can_read(path: &Path) -> Result<(), MailError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let meta = std::fs::metadata(path)
            .map_err(|e| MailError::Config(format!("cannot read {}: {e}", path.display())))?;
        if meta.permissions().mode() & 0o077 != 0 {
            return Err(MailError::Config(format!(
                "{} may hold a password but other users can read it: run `chmod 600 {}`",
                path.display(),
                path.display()
            )));
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// The parsed settings. Deliberately not `Debug`: it holds the password.
struct Endpoint {
    host: String,
    port: u16,
    user: String,
    password: Option<String>,
    mode: TlsMode,
}

impl Endpoint {
    fn server(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .map(|ip| ip.is_loopback())
            .unwrap_or(false)
}

/// Minimal %XX decoding (the URL crate leaves user info encoded).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push(h * 16 + l);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The URL without any password, for display.
fn display_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) => {
            if u.password().is_some() {
                let _ = u.set_password(Some("***"));
            }
            u.to_string()
        }
        Err(_) => "<unreadable URL>".to_string(),
    }
}

impl fmt::Debug for SmtpConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpConfig")
            .field("url", &display_url(&self.url))
            .field("password", &self.password.as_ref().map(|_| "<redacted>"))
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

impl fmt::Display for SmtpConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (password {}{})",
            display_url(&self.url),
            if self.password.is_some() {
                "set"
            } else {
                "not set"
            },
            self.ca_file
                .as_ref()
                .map(|f| format!(", trusting the CA in {}", f.display()))
                .unwrap_or_default()
        )
    }
}

/// Removes every form of `password` a server or library might echo back.
fn scrub(text: &str, user: &str, password: Option<&str>) -> String {
    let Some(pw) = password.filter(|p| !p.is_empty()) else {
        return text.to_string();
    };
    let mut out = text.to_string();
    let forms = [
        STANDARD.encode(format!("\0{user}\0{pw}")),
        STANDARD.encode(format!("{user}\0{pw}")),
        STANDARD.encode(pw),
        pw.to_string(),
    ];
    for form in forms {
        if !form.is_empty() {
            out = out.replace(&form, "***");
        }
    }
    out
}

/// Sends `mail` through the server in `cfg` (one connection, closed afterwards;
/// 30 s timeout per step). Logs in with PLAIN or LOGIN when the URL names a user.
///
/// Errors: [`MailError::Config`] (bad URL, user without password), the build errors
/// of [`super::build_message`], [`MailError::AuthRejected`] (SMTP 535/534/530 at
/// login), [`MailError::Smtp`] for anything else. No error text contains the password.
pub fn send_smtp(mail: &OutgoingMail, cfg: &SmtpConfig) -> Result<(), MailError> {
    let ep = cfg.endpoint()?;
    let message = to_lettre(mail)?;
    let server = ep.server();
    let smtp_err = |detail: String| MailError::Smtp {
        server: server.clone(),
        detail: scrub(&detail, &ep.user, ep.password.as_deref()),
    };
    let tls = match ep.mode {
        TlsMode::None => Tls::None,
        TlsMode::StartTls | TlsMode::Implicit => {
            let mut params = TlsParameters::builder(ep.host.clone());
            if let Some(ca) = cfg.root_certificate()? {
                params = params.add_root_certificate(ca);
            }
            let params = params
                .build()
                .map_err(|e| smtp_err(format!("TLS setup: {e}")))?;
            if ep.mode == TlsMode::Implicit {
                Tls::Wrapper(params)
            } else {
                Tls::Required(params)
            }
        }
    };
    let mut builder = SmtpTransport::builder_dangerous(ep.host.clone())
        .port(ep.port)
        .tls(tls)
        .timeout(Some(Duration::from_secs(30)));
    if !ep.user.is_empty() {
        let pw = ep.password.clone().ok_or_else(|| {
            MailError::Config(format!(
                "the SMTP URL names user {:?} but no password is set: put it in {ENV_PASSWORD} or the settings file",
                ep.user
            ))
        })?;
        builder = builder
            .credentials(Credentials::new(ep.user.clone(), pw))
            .authentication(vec![Mechanism::Plain, Mechanism::Login]);
    }
    let transport = builder.build();
    match transport.send(&message) {
        Ok(_) => Ok(()),
        Err(e) => {
            let code = e.status().map(|c| c.to_string());
            let detail = scrub(&e.to_string(), &ep.user, ep.password.as_deref());
            let auth_failed = matches!(code.as_deref(), Some("535") | Some("534") | Some("530"))
                || detail.contains("authentication mechanism");
            let detail = if detail.contains("certificate") && cfg.ca_file.is_none() {
                format!(
                    "{detail} (if the server's certificate comes from a private CA or is self-signed, \
trust it with `ca_file: FILE.pem` in the settings file or {ENV_CA_FILE})"
                )
            } else {
                detail
            };
            if auth_failed && !ep.user.is_empty() {
                Err(MailError::AuthRejected {
                    server,
                    user: ep.user.clone(),
                    detail,
                })
            } else {
                Err(smtp_err(detail))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_in_url_is_moved_out_and_hidden() {
        let cfg = SmtpConfig::from_values_and_file(
            Some("smtp://alice:s3cr%21t@mail.example.org".into()),
            None,
            None,
        )
        .unwrap();
        assert_eq!(cfg.password.as_deref(), Some("s3cr!t"));
        assert!(!cfg.url.contains("s3cr"));
        assert!(!format!("{cfg:?}").contains("s3cr"));
        assert!(!format!("{cfg}").contains("s3cr"));
    }

    #[test]
    fn defaults_and_tls_modes() {
        let c = |u: &str| SmtpConfig {
            url: u.into(),
            password: None,
            ca_file: None,
        };
        let e = c("smtp://bob%40example.org@mail.example.org")
            .endpoint()
            .unwrap();
        assert_eq!(
            (e.port, e.mode, e.user.as_str()),
            (587, TlsMode::StartTls, "bob@example.org")
        );
        let e = c("smtps://mail.example.org").endpoint().unwrap();
        assert_eq!((e.port, e.mode), (465, TlsMode::Implicit));
        let e = c("smtp://127.0.0.1:2525?tls=none").endpoint().unwrap();
        assert_eq!((e.port, e.mode), (2525, TlsMode::None));
        assert!(c("smtp://mail.example.org?tls=none").endpoint().is_err());
        assert!(c("http://mail.example.org").endpoint().is_err());
    }

    #[test]
    fn scrub_removes_all_forms() {
        let s = scrub(
            "got AGFsaWNlAGh1bnRlcjI= and hunter2",
            "alice",
            Some("hunter2"),
        );
        assert!(!s.contains("hunter2"));
        assert!(!s.contains(&STANDARD.encode("\0alice\0hunter2")));
    }
}
