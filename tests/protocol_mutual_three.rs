//! `mutual` dice for three players (docs/protocol.md §8, "What each dice mode protects
//! against"): an entry's dice hang on the next reveal of every other player, collected in
//! the header's player order after the author; the author cannot preview them, no other
//! player can bias them alone, a stall shows, and the log verifies and catches tampering.
//! Driven through the CLI with the test game Tally's three-side scenario `trio`.

mod support;

use std::path::Path;

use legatus::engine::folder::GameDir;
use legatus::engine::orders;
use legatus::protocol::chain;
use legatus::protocol::dice::{seed, seed_of_reveals, Dice};
use legatus::protocol::keys::SigningKey;
use legatus::protocol::log::{Entry, EntryKind};
use serde_json::Value;
use support::{cli, ok, registry, Table};

fn key(t: &Table, side: &str) -> SigningKey {
    SigningKey::load(Path::new(&t.key_of(side)), None).unwrap()
}

fn entries(t: &Table) -> Vec<Entry> {
    let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    text.split("\n---\n")
        .skip(1)
        .map(|d| serde_saphyr::from_str(d).unwrap())
        .collect()
}

fn next_reveal(t: &Table, game: &legatus::engine::Game, side: &str) -> [u8; 32] {
    chain::reveal(
        &chain::chain_end(&key(t, side).seed(), game.game_id()),
        game.reveals_published(side) + 1,
    )
}

fn d6s(seed: [u8; 32], n: usize) -> Vec<u32> {
    let mut d = Dice::from_seed(seed);
    (0..n)
        .map(|_| d.d6("attack", "Tally T2").unwrap())
        .collect()
}

/// Plays the trio game until an attack by `author` waits for its dice.
fn attack_awaiting(author: &str) -> (Table, legatus::engine::Game, Entry) {
    let t = Table::new();
    t.start_trio("mutual");
    let mut n = 0;
    loop {
        let (game, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
        if let Some(aw) = game.awaiting() {
            let last = entries(&t).pop().unwrap();
            if aw.author == author && last.kind == EntryKind::Orders && last.seq == aw.seq {
                return (t, game, last);
            }
        }
        assert!(t.step(&mut n), "{author} never attacked");
        assert!(n < 200, "runaway game");
    }
}

#[test]
fn protocol_mutual_three_author_cannot_preview_his_rolls() {
    let (t, game, red_entry) = attack_awaiting("red");
    let aw = game.awaiting().unwrap();
    assert_eq!(aw.revealers(), ["blue", "green"]);
    let core = red_entry.core_hash().unwrap();
    let dice = red_entry.payload.as_ref().unwrap()["dice"]
        .as_u64()
        .unwrap() as usize;
    let (blue_next, green_next) = (
        next_reveal(&t, &game, "blue"),
        next_reveal(&t, &game, "green"),
    );
    let actual = seed_of_reveals(game.game_id(), &core, &[blue_next, green_next]);
    // Everything red holds: his own chain ahead, every published reveal and commitment.
    let red_end = chain::chain_end(&key(&t, "red").seed(), game.game_id());
    let mut known: Vec<[u8; 32]> = (0..4)
        .map(|k| chain::reveal(&red_end, game.reveals_published("red") + k))
        .collect();
    for e in entries(&t) {
        for x in [e.reveal, e.commitment].into_iter().flatten() {
            known.push(hex::decode(x).unwrap().try_into().unwrap());
        }
    }
    for g in &known {
        for h in &known {
            assert_ne!(seed_of_reveals(game.game_id(), &core, &[*g, *h]), actual);
        }
        assert_ne!(seed(game.game_id(), &core, g), actual);
        // Even with blue's help (blue's next reveal), red lacks green's; and with green's, blue's.
        assert_ne!(
            seed_of_reveals(game.game_id(), &core, &[blue_next, *g]),
            actual
        );
        assert_ne!(
            seed_of_reveals(game.game_id(), &core, &[*g, green_next]),
            actual
        );
    }
    // The rolls recorded are those of the actual seed, in the entry green sends after blue's.
    let mut n = 100;
    assert_eq!(t.act_in(&t.game(), &mut n).as_deref(), Some("blue"));
    let (after_blue, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert_eq!(after_blue.awaiting().map(|a| a.seq), Some(red_entry.seq));
    assert_eq!(after_blue.awaited_revealer().as_deref(), Some("green"));
    assert_eq!(t.act_in(&t.game(), &mut n).as_deref(), Some("green"));
    let last = entries(&t).pop().unwrap();
    let item = last
        .resolves
        .iter()
        .find(|r| r.seq == red_entry.seq)
        .unwrap();
    let values: Vec<u32> = item.rolls.iter().map(|r| r.value).take(dice).collect();
    assert_eq!(values, d6s(actual, dice));
}

#[test]
fn protocol_mutual_three_no_other_player_can_bias_alone() {
    let (t, game, red_entry) = attack_awaiting("red");
    let seq = red_entry.seq;
    // Red, the author, cannot resolve his own entry, nor can green jump ahead of blue.
    for side in ["red", "green"] {
        let err = orders::reveal(&game, &key(&t, side), Some(side))
            .err()
            .unwrap();
        assert!(err.to_string().contains("nothing waits"), "{side}: {err}");
    }
    let blue = key(&t, "blue");
    let (bare, after_blue) = orders::reveal(&game, &blue, Some("blue")).unwrap();
    // Blue's reveal is bound by his commitment: any other value is refused.
    let mut forged = bare.clone();
    forged.reveal = Some("ab".repeat(32));
    forged.sig = blue.sign(&forged.signed_bytes().unwrap());
    let mut g = game.clone();
    let refused = g.advance(&forged).err().unwrap();
    assert_eq!(refused.check, "dice", "{}", refused.reason);
    // Blue cannot act on the state before the dice are fixed: only a bare reveal is taken.
    let mut with_orders = bare.clone();
    with_orders.kind = EntryKind::Orders;
    with_orders.step = Some(game.pending().step);
    with_orders.payload = Some(serde_json::json!({"dice": 1}));
    let mut g = game.clone();
    let refused = g.advance(&with_orders).err().unwrap();
    assert!(refused.reason.contains("bare reveal"), "{}", refused.reason);
    // Between blue's and green's reveals the entry still waits, and only for green.
    let aw = after_blue.awaiting().unwrap();
    assert_eq!((aw.seq, aw.owed()), (seq, &["green".to_string()][..]));
    let snap = after_blue.snapshot();
    assert_eq!(snap["awaiting"]["seq"], Value::from(seq));
    assert!(snap["awaiting"]["reveals"]["blue"].is_string(), "{snap}");
    for side in ["red", "blue"] {
        let err = orders::reveal(&after_blue, &key(&t, side), Some(side))
            .err()
            .unwrap();
        assert!(err.to_string().contains("nothing waits"), "{side}: {err}");
    }
    // Green, last, sees the result before he signs but can only send his committed value.
    let green = key(&t, "green");
    let (done, _) = orders::reveal(&after_blue, &green, Some("green")).unwrap();
    let mut forged = done.clone();
    forged.reveal = Some(hex::encode(next_reveal(&t, &after_blue, "red")));
    forged.sig = green.sign(&forged.signed_bytes().unwrap());
    let mut g = after_blue.clone();
    assert_eq!(g.advance(&forged).err().unwrap().check, "dice");
    assert_eq!(done.resolves.len(), 1);
    assert_eq!(done.resolves[0].seq, seq);
}

#[test]
fn protocol_mutual_three_stall_shows_who_owes_the_reveal() {
    let (t, _, red_entry) = attack_awaiting("red");
    let status = ok(&["status", &t.game()]);
    assert!(
        status.contains(&format!(
            "entry {} by red waits for the next dice reveals of blue, then green",
            red_entry.seq
        )),
        "{status}"
    );
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("awaits blue's next reveal"), "{v}");
    // Green has no template while blue owes his reveal; blue's is a bare reveal.
    let r = cli(&[
        "template",
        &t.game(),
        "--side",
        "blue",
        "--key",
        &t.key_of("blue"),
    ]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("bare reveal"), "{}", r.err);
    let mut n = 0;
    assert_eq!(t.act_in(&t.game(), &mut n).as_deref(), Some("blue"));
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("awaits green's next reveal"), "{v}");
}

#[test]
fn protocol_mutual_three_players_play_to_the_end_verify_and_tampering_is_caught() {
    let t = Table::new();
    t.start_trio("mutual");
    let n = t.play_out();
    assert!(
        n > 10,
        "a whole trio game takes more than 10 entries, took {n}"
    );
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("VALID"), "{v}");
    // Every entry whose dice were drawn is resolved two entries later, after a bare reveal
    // by the first other side, by the second other side (header order after the author).
    let es = entries(&t);
    let order = ["red", "blue", "green"];
    let mut resolved = 0;
    for e in &es {
        for r in &e.resolves {
            let aw = &es[(r.seq - 1) as usize];
            let i = order.iter().position(|s| *s == aw.author).unwrap();
            let (first, second) = (order[(i + 1) % 3], order[(i + 2) % 3]);
            let bare = &es[r.seq as usize];
            assert_eq!(
                bare.kind,
                EntryKind::Reveal,
                "entry {} is a bare reveal",
                bare.seq
            );
            assert_eq!(bare.author, first);
            assert!(bare.resolves.is_empty());
            assert_eq!(e.seq, r.seq + 2, "entry {} resolves entry {}", e.seq, r.seq);
            assert_eq!(e.author, second);
            assert!(!r.rolls.is_empty());
            resolved += 1;
        }
    }
    assert!(
        resolved >= 3,
        "the game drew dice for {resolved} entries only"
    );
    let status = ok(&["status", &t.game()]);
    assert!(status.contains("over"), "{status}");
    let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let docs: Vec<Value> = text
        .split("\n---\n")
        .map(|d| {
            serde_saphyr::from_str_with_options::<Value>(d, legatus::protocol::log::yaml_options())
                .unwrap()
        })
        .collect();
    let write = |docs: &[Value]| {
        docs.iter()
            .map(|d| serde_saphyr::to_string(d).unwrap())
            .collect::<Vec<_>>()
            .join("---\n")
    };
    let verify = |text: &str| {
        let p = t.p("tampered.yaml");
        std::fs::write(&p, text).unwrap();
        let r = cli(&["verify", &p.display().to_string()]);
        (r.code, format!("{}{}", r.out, r.err))
    };
    let resign = |doc: &mut Value| {
        let mut e: Entry = serde_json::from_value(doc.clone()).unwrap();
        e.sig = key(&t, &e.author).sign(&e.signed_bytes().unwrap());
        *doc = serde_json::to_value(&e).unwrap();
    };
    assert_eq!(verify(&write(&docs)).0, 0);
    let mut checked = 0;
    for i in 1..docs.len() {
        // A recorded roll changed and the entry re-signed by its own author: the dice check fails.
        if let Some(rolls) = docs[i]["resolves"][0]["rolls"].as_array() {
            let mut copy = docs.to_vec();
            let v = rolls[0]["value"].as_u64().unwrap();
            copy[i]["resolves"][0]["rolls"][0]["value"] = Value::from(v % 6 + 1);
            resign(&mut copy[i]);
            let (code, out) = verify(&write(&copy));
            assert_eq!(code, 3, "entry {i}: {out}");
            assert!(out.contains(&format!("entry {i}:")), "{out}");
            checked += 1;
        }
        // A bare reveal forged and re-signed: its chain gives it away.
        if docs[i]["kind"] == "reveal" && docs[i]["resolves"].is_null() {
            let mut copy = docs.to_vec();
            copy[i]["reveal"] = Value::from("cd".repeat(32));
            resign(&mut copy[i]);
            let (code, out) = verify(&write(&copy));
            assert_eq!(code, 3, "entry {i}: {out}");
            assert!(out.contains(&format!("entry {i}:")), "{out}");
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} tamperings tried");
}

#[test]
fn protocol_mutual_three_referee_mode_still_one_revealer() {
    let t = Table::new();
    t.start_trio("referee");
    t.play_out();
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("VALID"), "{v}");
    assert!(entries(&t)
        .iter()
        .all(|e| e.kind != EntryKind::Reveal || e.author == "referee"));
}
