//! Engine errors and the CLI exit code each maps to.

use crate::ruleset::RuleError;

/// Every failure of a legatus command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Orders refused by the rules (exit 1).
    #[error("{0}")]
    Rules(RuleError),
    /// A rules refusal already worded with its file: "FILE: order … refused (Rule): why" (exit 1).
    #[error("{0}")]
    Refused(String),
    /// Bad input or usage: unreadable or malformed files, stale or misdirected orders (exit 2).
    #[error("{0}")]
    Input(String),
    /// The log does not verify (exit 3).
    #[error("{}: {check} check failed: {reason}", if *seq == 0 { "header".to_string() } else { format!("entry {seq}") })]
    Verify {
        /// The first bad entry (0 = header).
        seq: u64,
        /// The check group: chain, signature, dice, rules, state, header.
        check: &'static str,
        /// What is wrong, in plain words.
        reason: String,
    },
}

impl Error {
    /// The process exit code: 1 rules, 2 input, 3 verification.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Rules(_) | Error::Refused(_) => 1,
            Error::Input(_) => 2,
            Error::Verify { .. } => 3,
        }
    }

    /// An input error's message as a rules refusal (exit 1), for wrapping a
    /// [`RuleError`] with the file it came from.
    pub fn into_rules(self) -> Self {
        match self {
            Error::Input(m) => Error::Refused(m),
            other => other,
        }
    }

    /// Shorthand for [`Error::Input`].
    pub fn input(msg: impl Into<String>) -> Self {
        Error::Input(msg.into())
    }
}

impl From<crate::protocol::log::LogError> for Error {
    fn from(e: crate::protocol::log::LogError) -> Self {
        Error::Input(e.to_string())
    }
}

impl From<crate::protocol::keys::KeyError> for Error {
    fn from(e: crate::protocol::keys::KeyError) -> Self {
        Error::Input(e.to_string())
    }
}
