//! Player keys: OpenSSH ed25519 keys and SSHSIG signatures (namespace `legatus`).
//!
//! A signature in the log is the base64 (standard alphabet, no line breaks)
//! of the binary SSHSIG blob; [`signature_pem`] rewraps it as the armored
//! `-----BEGIN SSH SIGNATURE-----` file that `ssh-keygen -Y verify` reads.

use std::path::Path;

use base64::Engine as _;
use ssh_encoding::{Decode, Encode};
use ssh_key::{HashAlg, LineEnding, PrivateKey, PublicKey, SshSig};

use super::SIG_NAMESPACE;

/// Errors about keys and signatures.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The key file could not be read.
    #[error("cannot read key file {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    /// The key file is not an OpenSSH private key.
    #[error("{path} is not an OpenSSH private key: {reason}")]
    Parse { path: String, reason: String },
    /// Only ed25519 keys are supported.
    #[error("{0}: only ed25519 keys are supported (make one with `legatus keygen`)")]
    NotEd25519(String),
    /// The passphrase did not decrypt the key.
    #[error("wrong passphrase for {0}")]
    Passphrase(String),
    /// Every passphrase typed at the prompt was wrong.
    #[error(
        "wrong passphrase for {path}, {tries} tries; nothing was done (is it the key you meant?)"
    )]
    PassphraseTries { path: String, tries: u32 },
    /// No passphrase available for an encrypted key.
    #[error("{0} is passphrase-protected: set LEGATUS_PASSPHRASE or run from a terminal")]
    NoPassphrase(String),
    /// A public key line did not parse.
    #[error("not an OpenSSH public key line: {0}")]
    PublicKey(String),
    /// A signature is malformed.
    #[error("malformed signature: {0}")]
    BadSignature(String),
    /// A signature does not verify.
    #[error("signature does not verify against {0}")]
    Invalid(String),
    /// Writing a key failed.
    #[error("cannot write key: {0}")]
    Write(String),
}

/// How many times a passphrase is asked for at the terminal before giving up.
pub const PASSPHRASE_TRIES: u32 = 3;

/// Answers passphrase prompts instead of the terminal (see [`with_prompt`]).
type Prompt = Box<dyn FnMut(&str) -> std::io::Result<String>>;

thread_local! {
    static PROMPT: std::cell::RefCell<Option<Prompt>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with `prompt` answering this thread's passphrase prompts (it gets the
/// prompt text and returns what the player typed) instead of the terminal: for front
/// ends that ask in their own way, and for tests.
pub fn with_prompt<T>(
    prompt: impl FnMut(&str) -> std::io::Result<String> + 'static,
    f: impl FnOnce() -> T,
) -> T {
    struct Restore(Option<Prompt>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            PROMPT.with(|p| *p.borrow_mut() = old);
        }
    }
    let old = PROMPT.with(|p| p.borrow_mut().replace(Box::new(prompt)));
    let _restore = Restore(old);
    f()
}

/// Asks for a passphrase: the [`with_prompt`] answerer if one is set, else the terminal.
fn ask(prompt: &str) -> std::io::Result<String> {
    let hooked = PROMPT.with(|p| p.borrow_mut().as_mut().map(|f| f(prompt)));
    match hooked {
        Some(answer) => answer,
        None => rpassword::prompt_password(prompt),
    }
}

/// Decrypts `key` with a passphrase typed at the prompt, giving a mistyped passphrase
/// [`PASSPHRASE_TRIES`] tries in all.
///
/// Errors: [`KeyError::NoPassphrase`] when there is no terminal to ask at;
/// [`KeyError::PassphraseTries`] when every try was wrong.
fn decrypt_at_prompt(key: &PrivateKey, path: &str) -> Result<PrivateKey, KeyError> {
    for n in 1..=PASSPHRASE_TRIES {
        let prompt = if n == 1 {
            format!("Passphrase for {path}: ")
        } else {
            format!("Wrong passphrase; try {n} of {PASSPHRASE_TRIES} for {path}: ")
        };
        let pass = ask(&prompt).map_err(|_| KeyError::NoPassphrase(path.to_string()))?;
        if let Ok(k) = key.decrypt(pass.as_bytes()) {
            return Ok(k);
        }
    }
    Err(KeyError::PassphraseTries {
        path: path.to_string(),
        tries: PASSPHRASE_TRIES,
    })
}

/// A player's unlocked signing key.
pub struct SigningKey {
    key: PrivateKey,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey({})", self.public_line())
    }
}

impl SigningKey {
    /// Loads an OpenSSH private key file. Encrypted keys are decrypted with
    /// `passphrase`, or with `LEGATUS_PASSPHRASE`, or by asking on the terminal
    /// ([`PASSPHRASE_TRIES`] tries for a mistyped passphrase).
    ///
    /// Errors: unreadable file, not OpenSSH, not ed25519, wrong or missing passphrase.
    pub fn load(path: &Path, passphrase: Option<&str>) -> Result<Self, KeyError> {
        let p = path.display().to_string();
        let mut key = read_private(path)?;
        if key.is_encrypted() {
            key = match passphrase
                .map(str::to_string)
                .or_else(|| std::env::var("LEGATUS_PASSPHRASE").ok())
            {
                Some(pass) => key
                    .decrypt(pass.as_bytes())
                    .map_err(|_| KeyError::Passphrase(p.clone()))?,
                None => decrypt_at_prompt(&key, &p)?,
            };
        }
        if key.key_data().ed25519().is_none() {
            return Err(KeyError::NotEd25519(p));
        }
        Ok(SigningKey { key })
    }

    /// Makes a new random ed25519 key.
    pub fn generate(comment: &str) -> Result<Self, KeyError> {
        let mut key = PrivateKey::random(&mut rand_core::OsRng, ssh_key::Algorithm::Ed25519)
            .map_err(|e| KeyError::Write(e.to_string()))?;
        key.set_comment(comment);
        Ok(SigningKey { key })
    }

    /// The ed25519 key with this 32-byte seed (for test vectors; real keys come from [`SigningKey::generate`]).
    pub fn from_seed(seed: &[u8; 32], comment: &str) -> Self {
        let pair = ssh_key::private::Ed25519Keypair::from_seed(seed);
        let key = PrivateKey::new(ssh_key::private::KeypairData::Ed25519(pair), comment)
            .expect("ed25519 key");
        SigningKey { key }
    }

    /// Writes the key (OpenSSH format, mode 0600 on Unix) and `<path>.pub`,
    /// encrypting it if `passphrase` is given. Refuses to overwrite.
    pub fn write(&self, path: &Path, passphrase: Option<&str>) -> Result<(), KeyError> {
        if path.exists() {
            return Err(KeyError::Write(format!(
                "{} exists; not overwriting a key",
                path.display()
            )));
        }
        let key = match passphrase {
            Some(p) => self
                .key
                .encrypt(&mut rand_core::OsRng, p.as_bytes())
                .map_err(|e| KeyError::Write(e.to_string()))?,
            None => self.key.clone(),
        };
        let text = key
            .to_openssh(LineEnding::LF)
            .map_err(|e| KeyError::Write(e.to_string()))?;
        write_private(path, text.as_bytes())
            .map_err(|e| KeyError::Write(format!("{}: {e}", path.display())))?;
        let pub_path = path.with_extension(match path.extension() {
            Some(ext) => format!("{}.pub", ext.to_string_lossy()),
            None => "pub".to_string(),
        });
        std::fs::write(&pub_path, format!("{}\n", self.public_line()))
            .map_err(|e| KeyError::Write(format!("{}: {e}", pub_path.display())))
    }

    /// The public key as an OpenSSH line (`ssh-ed25519 AAAA… comment`).
    pub fn public_line(&self) -> String {
        self.key
            .public_key()
            .to_openssh()
            .expect("ed25519 public key encodes")
    }

    /// The public key as used for comparison (no comment).
    pub fn public(&self) -> PublicKey {
        let mut p = self.key.public_key().clone();
        p.set_comment("");
        p
    }

    /// The 32-byte ed25519 seed, from which dice chains and seal salts are derived.
    pub fn seed(&self) -> [u8; 32] {
        self.key
            .key_data()
            .ed25519()
            .expect("checked at load")
            .private
            .to_bytes()
    }

    /// Signs `message` (SSHSIG, namespace `legatus`, SHA-512); returns base64 of the blob.
    pub fn sign(&self, message: &[u8]) -> String {
        let sig = self
            .key
            .sign(SIG_NAMESPACE, HashAlg::Sha512, message)
            .expect("ed25519 signing cannot fail");
        let mut blob = Vec::new();
        sig.encode(&mut blob).expect("signature encodes");
        base64::engine::general_purpose::STANDARD.encode(blob)
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    f.write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

fn read_private(path: &Path) -> Result<PrivateKey, KeyError> {
    let p = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| KeyError::Read {
        path: p.clone(),
        source,
    })?;
    PrivateKey::from_openssh(text.trim()).map_err(|e| KeyError::Parse {
        path: p,
        reason: if text.trim_start().starts_with("ssh-") {
            "this is a public key line (the .pub half); --key takes the private key file".into()
        } else {
            e.to_string()
        },
    })
}

/// The public key of an OpenSSH private key file, as used for comparison (no
/// comment), read without asking for the passphrase: OpenSSH keeps the public
/// half of an encrypted key in the clear.
///
/// Errors: unreadable file, not OpenSSH, not ed25519.
pub fn load_public(path: &Path) -> Result<PublicKey, KeyError> {
    let key = read_private(path)?;
    if key.public_key().key_data().ed25519().is_none() {
        return Err(KeyError::NotEd25519(path.display().to_string()));
    }
    let mut p = key.public_key().clone();
    p.set_comment("");
    Ok(p)
}

/// Parses an OpenSSH public key line (ed25519 only).
pub fn parse_public(line: &str) -> Result<PublicKey, KeyError> {
    let mut k =
        PublicKey::from_openssh(line.trim()).map_err(|e| KeyError::PublicKey(format!("{e}")))?;
    if k.key_data().ed25519().is_none() {
        return Err(KeyError::NotEd25519(line.chars().take(40).collect()));
    }
    k.set_comment("");
    Ok(k)
}

/// Verifies a base64 SSHSIG blob over `message` against `key` (namespace `legatus`).
pub fn verify(key: &PublicKey, message: &[u8], signature_b64: &str) -> Result<(), KeyError> {
    let sig = decode_signature(signature_b64)?;
    key.verify(SIG_NAMESPACE, message, &sig)
        .map_err(|_| KeyError::Invalid(fingerprint(key)))
}

fn decode_signature(signature_b64: &str) -> Result<SshSig, KeyError> {
    let blob = base64::engine::general_purpose::STANDARD
        .decode(signature_b64.trim())
        .map_err(|e| KeyError::BadSignature(e.to_string()))?;
    let mut reader = blob.as_slice();
    SshSig::decode(&mut reader).map_err(|e| KeyError::BadSignature(e.to_string()))
}

/// The armored SSHSIG file for a base64 blob, as `ssh-keygen -Y verify -s` reads it.
pub fn signature_pem(signature_b64: &str) -> Result<String, KeyError> {
    decode_signature(signature_b64)?
        .to_pem(LineEnding::LF)
        .map_err(|e| KeyError::BadSignature(e.to_string()))
}

/// SHA-256 fingerprint of a public key, as `ssh-keygen -l` prints it.
pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_sshsig_sign_and_verify() {
        let k = SigningKey::generate("t").unwrap();
        let sig = k.sign(b"hello");
        verify(&k.public(), b"hello", &sig).unwrap();
        assert!(verify(&k.public(), b"hellp", &sig).is_err());
        let other = SigningKey::generate("u").unwrap();
        assert!(verify(&other.public(), b"hello", &sig).is_err());
        assert!(signature_pem(&sig)
            .unwrap()
            .starts_with("-----BEGIN SSH SIGNATURE-----"));
    }

    #[test]
    fn protocol_encrypted_key_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k");
        let k = SigningKey::generate("t").unwrap();
        k.write(&path, Some("secret words")).unwrap();
        assert!(matches!(
            SigningKey::load(&path, Some("wrong")),
            Err(KeyError::Passphrase(_))
        ));
        let back = SigningKey::load(&path, Some("secret words")).unwrap();
        assert_eq!(back.seed(), k.seed());
        assert!(dir.path().join("k.pub").exists());
    }
}
