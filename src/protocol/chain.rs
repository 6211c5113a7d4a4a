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

/// Every [`CHECKPOINT`]-th value of a chain is kept once computed.
const CHECKPOINT: u32 = 256;

/// How many chains [`reveal`] keeps checkpoints of (the most recently used).
const KEPT_CHAINS: usize = 8;

/// A chain's end and its kept values.
type Kept = Vec<([u8; 32], Vec<[u8; 32]>)>;

thread_local! {
    /// Chains walked by this thread: their end and the values `r_0`, `r_256`, `r_512`, … (a
    /// player's own secrets, as his key is; never written anywhere).
    static CHECKPOINTS: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The values `r_0`, `r_CHECKPOINT`, `r_2·CHECKPOINT`, … of the chain ending at `end`
/// (`CHAIN_LENGTH` hashes).
fn checkpoints(end: &[u8; 32]) -> Vec<[u8; 32]> {
    let mut kept = vec![[0u8; 32]; (CHAIN_LENGTH / CHECKPOINT + 1) as usize];
    let mut r = *end;
    for j in (0..=CHAIN_LENGTH).rev() {
        if j % CHECKPOINT == 0 {
            kept[(j / CHECKPOINT) as usize] = r;
        }
        if j > 0 {
            r = step(&r);
        }
    }
    kept
}

/// The i-th reveal `r_i` (0 = commitment). The first reveal of a chain costs
/// `CHAIN_LENGTH` hashes; the thread then keeps every 256th value of it, so the next ones
/// cost fewer than 256 each.
///
/// Panics if `i > CHAIN_LENGTH`; callers check [`CHAIN_LENGTH`] first.
pub fn reveal(end: &[u8; 32], i: u32) -> [u8; 32] {
    assert!(i <= CHAIN_LENGTH, "dice chain exhausted");
    let above = i.div_ceil(CHECKPOINT) * CHECKPOINT;
    let (mut r, from) = if above > CHAIN_LENGTH {
        (*end, CHAIN_LENGTH)
    } else {
        let r = CHECKPOINTS.with(|c| {
            let mut c = c.borrow_mut();
            let at = match c.iter().position(|(e, _)| e == end) {
                Some(at) => at,
                None => {
                    if c.len() == KEPT_CHAINS {
                        c.remove(0);
                    }
                    c.push((*end, checkpoints(end)));
                    c.len() - 1
                }
            };
            c[at].1[(above / CHECKPOINT) as usize]
        });
        (r, above)
    };
    for _ in 0..(from - i) {
        r = step(&r);
    }
    r
}

/// [`reveal`] the long way: `CHAIN_LENGTH - i` hashes from the end (the definition, for tests).
#[cfg(test)]
fn reveal_from_end(end: &[u8; 32], i: u32) -> [u8; 32] {
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

    #[test]
    fn protocol_chain_checkpoints_give_the_same_reveals() {
        let end = chain_end(&[4; 32], b"game");
        for i in [0, 1, 255, 256, 257, 511, 65_280, 65_535, 65_536, 300, 2] {
            assert_eq!(reveal(&end, i), reveal_from_end(&end, i), "r_{i}");
        }
        assert_eq!(reveal(&end, CHAIN_LENGTH), end);
    }
}
