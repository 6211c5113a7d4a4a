//! Canonical bytes: what is hashed and signed.
//!
//! A value is canonicalised as compact JSON with object keys sorted by their
//! UTF-8 bytes, integers only (no floats), strings escaped as `serde_json`
//! escapes them (RFC 8259 minimal escaping). This is the JSON Canonicalization
//! Scheme (RFC 8785) restricted to integer numbers and ASCII keys. Because the
//! bytes come from the *values*, never the YAML text, re-indenting a log,
//! converting it to CRLF or adding blank lines changes nothing that is signed.

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Errors from canonicalisation.
#[derive(Debug, thiserror::Error)]
pub enum CanonicalError {
    /// The value holds a floating-point number, which the protocol forbids.
    #[error("floating-point number {0} is not allowed in a legatus log (integers only)")]
    Float(String),
    /// The value could not be represented as JSON.
    #[error("value cannot be canonicalised: {0}")]
    Json(#[from] serde_json::Error),
}

/// Converts any serialisable value to a JSON value, rejecting floats.
///
/// Objects come out as `serde_json::Map`, which (without the `preserve_order`
/// feature, which this crate never enables) is a `BTreeMap`: keys sorted.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, CanonicalError> {
    let v = serde_json::to_value(value)?;
    reject_floats(&v)?;
    Ok(v)
}

fn reject_floats(v: &Value) -> Result<(), CanonicalError> {
    match v {
        Value::Number(n) if !(n.is_i64() || n.is_u64()) => {
            Err(CanonicalError::Float(n.to_string()))
        }
        Value::Array(items) => items.iter().try_for_each(reject_floats),
        Value::Object(map) => map.values().try_for_each(reject_floats),
        _ => Ok(()),
    }
}

/// Canonical bytes of a value (see the module doc).
pub fn bytes<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, CanonicalError> {
    let v = to_value(value)?;
    Ok(serde_json::to_vec(&v)?)
}

/// SHA-256 of `data`, as 32 bytes.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// SHA-256 over the concatenation of `parts`, each prefixed by its length as
/// a big-endian u64, so that no two different part lists hash alike.
pub fn sha256_parts(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_be_bytes());
        h.update(p);
    }
    h.finalize().into()
}

/// SHA-256 of the canonical bytes of a JSON value that is known to hold no
/// floats (built by [`to_value`] or from integer-only types), streamed into
/// the hasher without an intermediate buffer.
pub fn sha256_value(value: &Value) -> [u8; 32] {
    struct HashWriter(Sha256);
    impl std::io::Write for HashWriter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.update(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut w = HashWriter(Sha256::new());
    serde_json::to_writer(&mut w, value).expect("writing to a hasher cannot fail");
    w.0.finalize().into()
}

/// Lowercase hex SHA-256 of the canonical bytes of a JSON value: the same as
/// [`hash_hex`] of it, without copying the value or buffering its bytes.
pub fn hash_value_hex(value: &Value) -> Result<String, CanonicalError> {
    reject_floats(value)?;
    Ok(hex::encode(sha256_value(value)))
}

/// Lowercase hex SHA-256 of the canonical bytes of `value`.
pub fn hash_hex<T: Serialize + ?Sized>(value: &T) -> Result<String, CanonicalError> {
    Ok(hex::encode(sha256(&bytes(value)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn protocol_canonical_keys_sorted_and_compact() {
        let v = json!({"b": 1, "a": {"z": "x", "c": [1, 2]}, "A": true});
        assert_eq!(
            bytes(&v).unwrap(),
            br#"{"A":true,"a":{"c":[1,2],"z":"x"},"b":1}"#
        );
    }

    #[test]
    fn protocol_canonical_rejects_floats() {
        assert!(matches!(
            bytes(&json!({"x": 1.5})),
            Err(CanonicalError::Float(_))
        ));
    }

    #[test]
    fn protocol_streamed_hash_equals_hash_of_canonical_bytes() {
        let v = json!({"b": [1, {"y": "z", "x": null}], "a": "0507"});
        assert_eq!(sha256_value(&v), sha256(&bytes(&v).unwrap()));
    }

    #[test]
    fn protocol_value_hash_equals_hash_hex() {
        let v = json!({"b": [1, {"y": "z", "x": null}], "a": "0507", "n": -3});
        assert_eq!(hash_value_hex(&v).unwrap(), hash_hex(&v).unwrap());
        assert!(matches!(
            hash_value_hex(&json!({"x": [1.5]})),
            Err(CanonicalError::Float(_))
        ));
    }

    #[test]
    fn protocol_parts_hash_is_length_prefixed() {
        assert_ne!(sha256_parts(&[b"ab", b"c"]), sha256_parts(&[b"a", b"bc"]));
    }
}
