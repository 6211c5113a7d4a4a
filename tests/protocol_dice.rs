//! Dice: pinned test vectors (value stability, PROTOCOL invariant 5) and
//! preview resistance in `mutual` mode (invariant 4).

mod support;

use legatus::engine::folder::GameDir;
use legatus::protocol::chain;
use legatus::protocol::dice::{seed, Dice};
use legatus::protocol::keys::SigningKey;
use legatus::protocol::log::{Entry, EntryKind};
use support::{registry, Table};

fn stream(d: &mut Dice, n: usize, d10: bool) -> Vec<u32> {
    (0..n)
        .map(|_| {
            if d10 {
                d.d10("vector", "test").unwrap()
            } else {
                d.d6("vector", "test").unwrap()
            }
        })
        .collect()
}

#[test]
fn protocol_dice_vectors_first_20_d6_and_d10() {
    let s = seed(&[0u8; 16], &[1u8; 32], &[2u8; 32]);
    assert_eq!(
        hex::encode(s),
        "d0fb82301a76511bf4a8788ab37858b2e91c2dbba8a12f105118946e340f2ed4",
        "seed derivation"
    );
    assert_eq!(
        stream(&mut Dice::from_seed(s), 20, false),
        vec![6, 3, 1, 1, 2, 1, 2, 4, 6, 5, 6, 5, 4, 2, 2, 5, 1, 6, 5, 2],
        "first 20 d6"
    );
    assert_eq!(
        stream(&mut Dice::from_seed(s), 20, true),
        vec![7, 8, 6, 2, 7, 8, 1, 3, 5, 0, 7, 8, 3, 3, 3, 2, 8, 1, 6, 3],
        "first 20 d10 (0-9)"
    );
}

#[test]
fn protocol_dice_chacha20_is_the_rfc_7539_keystream() {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    // RFC 7539 §2.3.2 / RFC 8439 A.1 test vector 1: all-zero key and nonce, block 0
    // starts 76 b8 e0 ad, read little-endian as the first u32.
    assert_eq!(
        rand_chacha::ChaCha20Rng::from_seed([0u8; 32]).next_u32(),
        0xade0_b876
    );
}

#[test]
fn protocol_dice_vectors_draw_shuffle_chain() {
    let s = [9u8; 32];
    let mut d = Dice::from_seed(s);
    let mut cup: Vec<u32> = (1..=10).collect();
    let drawn: Vec<u32> = (0..4)
        .map(|_| d.draw(&mut cup, "chit", "test").unwrap().unwrap())
        .collect();
    assert_eq!(drawn, vec![3, 1, 6, 5], "draws from a cup of 10");
    let mut items: Vec<u32> = (1..=8).collect();
    Dice::from_seed(s)
        .shuffle(&mut items, "shuffle", "test")
        .unwrap();
    assert_eq!(items, vec![5, 7, 1, 6, 2, 4, 8, 3], "shuffle of 8");
    let end = chain::chain_end(&[7u8; 32], &[1u8; 16]);
    assert_eq!(
        hex::encode(chain::reveal(&end, 0)),
        "4e698fe0978c8f4b5bca8c3be68938e031b7cc1345136d99f39a87f280854c4a",
        "dice-chain commitment"
    );
    assert_eq!(
        hex::encode(chain::reveal(&end, 1)),
        "8fbce76e6006b77936ff25e8bf2ecf987aa99c947e0ba60dbe95ac7fe4d30138",
        "first reveal"
    );
}

/// Plays until red's attack waits for blue's reveal; returns the table, the game and red's entry.
fn red_attack_awaiting() -> (Table, legatus::engine::Game, Entry) {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    loop {
        let (game, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
        if let Some(aw) = game.awaiting() {
            if aw.author == "red" {
                let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
                let last = text.rsplit("\n---\n").next().unwrap();
                let e: Entry = serde_saphyr::from_str(last).unwrap();
                if e.kind == EntryKind::Orders {
                    return (t, game, e);
                }
            }
        }
        assert!(t.step(&mut n), "red never attacked");
    }
}

#[test]
fn protocol_mutual_author_cannot_preview_his_rolls() {
    let (t, game, red_entry) = red_attack_awaiting();
    let core = red_entry.core_hash().unwrap();
    let blue = SigningKey::load(&t.p("blue.key"), None).unwrap();
    let red = SigningKey::load(&t.p("red.key"), None).unwrap();
    // What actually fixes the roll: blue's next reveal, which only blue's key yields.
    let blue_next = chain::reveal(
        &chain::chain_end(&blue.seed(), game.game_id()),
        game.reveals_published("blue") + 1,
    );
    let actual = stream(
        &mut Dice::from_seed(seed(game.game_id(), &core, &blue_next)),
        3,
        false,
    );
    // Everything red holds gives other numbers: his own chain, blue's published reveals.
    let red_next = chain::reveal(
        &chain::chain_end(&red.seed(), game.game_id()),
        game.reveals_published("red") + 1,
    );
    let mut guesses = vec![red_next];
    let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    for doc in text.split("\n---\n").skip(1) {
        let e: Entry = serde_saphyr::from_str(doc).unwrap();
        for x in [e.reveal, e.commitment].into_iter().flatten() {
            guesses.push(hex::decode(x).unwrap().try_into().unwrap());
        }
    }
    let mut differs = 0;
    for g in &guesses {
        if stream(
            &mut Dice::from_seed(seed(game.game_id(), &core, g)),
            3,
            false,
        ) != actual
            || seed(game.game_id(), &core, g) != seed(game.game_id(), &core, &blue_next)
        {
            differs += 1;
        }
    }
    assert_eq!(
        differs,
        guesses.len(),
        "no value red holds fixes the dice of his own entry"
    );
    // Blue's next reveal is bound by his published chain: it is the one value that follows it.
    let published = chain::reveal(
        &chain::chain_end(&blue.seed(), game.game_id()),
        game.reveals_published("blue"),
    );
    assert!(chain::follows(&blue_next, &published));
    // The rolls recorded once blue applies are exactly those, and replay gives them again.
    let mut n = 100;
    t.step(&mut n);
    let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let blue_entry: Entry = serde_saphyr::from_str(text.rsplit("\n---\n").next().unwrap()).unwrap();
    let resolved = blue_entry
        .resolves
        .iter()
        .find(|r| r.seq == red_entry.seq)
        .expect("blue's entry resolves red's attack");
    let values: Vec<u32> = resolved.rolls.iter().take(3).map(|r| r.value).collect();
    assert_eq!(values, actual[..values.len()].to_vec());
    let first = GameDir::new(t.p("game")).load(&registry()).unwrap().1;
    let second = GameDir::new(t.p("game")).load(&registry()).unwrap().1;
    assert_eq!((first.rolls, first.states), (second.rolls, second.states));
}

#[test]
fn protocol_signature_test_vector() {
    use legatus::protocol::log::Resolved;
    let key = SigningKey::from_seed(&[5u8; 32], "vector");
    let mut e = Entry {
        seq: 3,
        prev: "00".repeat(32),
        author: "red".into(),
        kind: EntryKind::Orders,
        step: Some("turn-1/red-attack".into()),
        payload: Some(serde_json::json!({"dice": 3, "hex": "0507"})),
        standing: None,
        commitment: None,
        salt: None,
        reveal: Some("11".repeat(32)),
        resolves: vec![Resolved {
            seq: 2,
            rolls: vec![],
            void: None,
        }],
        state: "22".repeat(32),
        sig: String::new(),
    };
    let signed = String::from_utf8(e.signed_bytes().unwrap()).unwrap();
    assert_eq!(
        signed,
        format!(
            r#"{{"author":"red","kind":"orders","payload":{{"dice":3,"hex":"0507"}},"prev":"{}","resolves":[{{"rolls":[],"seq":2}}],"reveal":"{}","seq":3,"state":"{}","step":"turn-1/red-attack"}}"#,
            "00".repeat(32),
            "11".repeat(32),
            "22".repeat(32)
        )
    );
    e.sig = key.sign(signed.as_bytes());
    assert_eq!(
        hex::encode(e.core_hash().unwrap()),
        "ffc95606af609ac8cb5bc0ac9c337f1814f579f97a69c4f5b3511ce0094d513c",
        "core hash"
    );
    assert_eq!(e.sig, "U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAgbnoc3Smwt4/ROvTFWY/v9O8qlxZuPKby5Pv8zYBQW/EAAAAHbGVnYXR1cwAAAAAAAAAGc2hhNTEyAAAAUwAAAAtzc2gtZWQyNTUxOQAAAEBSPhTyxfD6eBO44DJtaOL8uswFIbu1J12PoH9x0zaA8wTJyGdARu5kZDMrtW0gECJTe2JipyzyVvdstAFu57AB", "SSHSIG of the signed bytes (ed25519 is deterministic)");
    assert_eq!(
        hex::encode(e.hash().unwrap()),
        "fbc437abc68e6c154b49c95a9ed5af5a53e0edd299254c603239dfdfa419475e",
        "entry hash"
    );
}
