//! The legatus protocol: log entries, canonical bytes and hashes, signatures,
//! dice streams and hash-chain commitments, sealed orders.
//!
//! Nothing here knows a game: the payloads are opaque JSON values that a
//! ruleset interprets. The invariants this layer upholds are in
//! `docs/protocol.md` (append-only, signed, value-stable, secrets stay home).

pub mod canonical;
pub mod chain;
pub mod dice;
pub mod keys;
pub mod log;
pub mod sealed;

/// Protocol version written in every header (`legatus:`).
pub const PROTOCOL_VERSION: u32 = 1;
/// Dice algorithm written in every header; see [`dice`].
pub const DICE_ALGORITHM: &str = "legatus-dice-v1";
/// SSHSIG namespace for every signature.
pub const SIG_NAMESPACE: &str = "legatus";
