//! Hash-chain dice commitments (`mutual` and `referee` modes).
//!
//! A player's chain is derived from his signing key and the game id, so the
//! key alone restores it (nothing else to keep or lose):
//! `r_N = SHA-256 parts("legatus/dice-chain/v1", ed25519 seed, game id)`,
//! `r_(i-1) = step(r_i)`, commitment `r_0`. His i-th reveal is `r_i`; anyone
//! checks it with `step(r_i) == r_(i-1)`. Nobody can compute `r_i` from
//! `r_(i-1)` (preimage resistance), and the chain is fixed at commitment, so
//! no reveal can be chosen after seeing the entry it resolves.

use super::canonical::sha256_parts;

/// Reveals available to one player in one game.
pub const CHAIN_LENGTH: u32 = 65_536;

/// One step down the chain: `SHA-256("legatus/chain-step/v1" ‖ r)`, length-prefixed parts.
pub fn step(r: &[u8; 32]) -> [u8; 32] {
    sha256_parts(&[b"legatus/chain-step/v1", r])
}

/// The chain's secret end `r_N` for a key seed and a game.
pub fn chain_end(key_seed: &[u8; 32], game_id: &[u8]) -> [u8; 32] {
    sha256_parts(&[b"legatus/dice-chain/v1", key_seed, game_id])
}

/// The i-th reveal `r_i` (0 = commitment). Costs `CHAIN_LENGTH - i` hashes.
///
/// Panics if `i > CHAIN_LENGTH`; callers check [`CHAIN_LENGTH`] first.
pub fn reveal(end: &[u8; 32], i: u32) -> [u8; 32] {
    assert!(i <= CHAIN_LENGTH, "dice chain exhausted");
    let mut r = *end;
    for _ in 0..(CHAIN_LENGTH - i) {
        r = step(&r);
    }
    r
}

/// Does `next` follow `previous` in a chain (`step(next) == previous`)?
pub fn follows(next: &[u8; 32], previous: &[u8; 32]) -> bool {
    step(next) == *previous
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_chain_reveals_follow_commitment() {
        let end = chain_end(&[3; 32], b"game");
        let c = reveal(&end, 0);
        let r1 = reveal(&end, 1);
        let r2 = reveal(&end, 2);
        assert!(follows(&r1, &c));
        assert!(follows(&r2, &r1));
        assert!(!follows(&r2, &c));
    }
}
