//! Sealed orders: commit, then reveal (PROTOCOL "Sealed orders").
//!
//! The salt is derived from the author's signing key, the game and the
//! sequence number of the commit entry, so the author needs to keep nothing
//! but his key and his order file until the reveal:
//! `salt = SHA-256 parts("legatus/seal-salt/v1", ed25519 seed, game id, commit seq)`,
//! `commitment = SHA-256 parts("legatus/sealed/v1", salt, canonical orders)`.

use super::canonical::sha256_parts;

/// The salt of a sealed commitment.
pub fn salt(key_seed: &[u8; 32], game_id: &[u8], commit_seq: u64) -> [u8; 32] {
    sha256_parts(&[
        b"legatus/seal-salt/v1",
        key_seed,
        game_id,
        &commit_seq.to_be_bytes(),
    ])
}

/// The commitment to `canonical_orders` (canonical bytes of the sealed payload).
pub fn commitment(salt: &[u8; 32], canonical_orders: &[u8]) -> [u8; 32] {
    sha256_parts(&[b"legatus/sealed/v1", salt, canonical_orders])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_sealed_commitment_binds_orders_and_salt() {
        let s = salt(&[1; 32], b"g", 4);
        assert_ne!(commitment(&s, b"{\"a\":1}"), commitment(&s, b"{\"a\":2}"));
        assert_ne!(
            commitment(&s, b"x"),
            commitment(&salt(&[1; 32], b"g", 5), b"x")
        );
    }
}
