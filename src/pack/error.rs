//! Errors of a data pack: reading, YAML syntax and shape, and validation.

use std::fmt;

/// One broken rule found while validating a pack.
///
/// `file` is the pack file (`map.yaml`…), `item` the item key (`provinces/Ionia`), `rule` the rule
/// or schema constraint broken, citing its section (`Alexandros 8.2: borders are symmetric`, `Romans [5.32]: …`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Pack file holding the item, e.g. `map.yaml`.
    pub file: String,
    /// Item key inside the file, e.g. `provinces/Ionia`.
    pub item: String,
    /// The rule broken, with its rule section.
    pub rule: String,
    /// What exactly is wrong.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {} [{}]",
            self.file, self.item, self.message, self.rule
        )
    }
}

/// Every failure of loading, merging or checking a data pack.
#[derive(thiserror::Error, Debug)]
pub enum DataError {
    /// A file could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// Path that failed.
        path: String,
        /// Underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A pack file the loader needs is absent.
    #[error("{file}: missing from the pack")]
    MissingFile {
        /// Expected file name.
        file: String,
    },
    /// YAML syntax error or a value that does not fit the schema (unknown field, wrong type…).
    /// `line` and `column` are 1-based; 0 when the parser gave no location.
    #[error("{file}:{line}:{column}: {message}")]
    Yaml {
        /// File name (pack file or override file).
        file: String,
        /// 1-based line, 0 if unknown.
        line: u64,
        /// 1-based column, 0 if unknown.
        column: u64,
        /// Parser message.
        message: String,
    },
    /// The pack parsed but breaks one or more rules; every violation is listed.
    #[error("{}", render_violations(.0))]
    Invalid(Vec<Violation>),
}

fn render_violations(v: &[Violation]) -> String {
    let mut s = format!("the data pack is invalid ({} problem(s)):", v.len());
    for x in v {
        s.push_str("\n  ");
        s.push_str(&x.to_string());
    }
    s
}

impl DataError {
    /// The validation violations, if this is [`DataError::Invalid`]; empty otherwise.
    pub fn violations(&self) -> &[Violation] {
        match self {
            DataError::Invalid(v) => v,
            _ => &[],
        }
    }
}
