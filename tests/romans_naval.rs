//! scratch
#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use common::*;

#[test]
fn scratch() {
    let s = smw();
    for (id, q) in &s.squadrons {
        println!("{id} {} {} {}", q.side, q.kind, q.at.hex);
    }
    for (id, c) in &s.commanders {
        println!("{id} {} {:?} {}", c.side, c.pool, c.at.hex);
    }
    let w = legatus::games::conquerors::romans::fleets::waters(&s);
    for h in [
        "4319", "4420", "4419", "4520", "4521", "4621", "4620", "4720",
    ] {
        let k = legatus::geo::HexKey::parse(h, "romans").unwrap();
        println!(
            "{h} {:?} enters {} sea {} port {}",
            w.entry(&k).map(|e| (
                e.terrain,
                e.coastal,
                e.city.as_ref().map(|c| c.name.clone())
            )),
            w.fleet_enters(&k),
            w.all_sea(&k),
            w.port(&k)
        );
    }
    for c in s.cities.values() {
        if c.name == "Apollonia" || c.name == "Oricus" || c.name == "Corcyra" {
            println!("{} {} {:?}", c.name, c.at.hex, c.control);
        }
    }
    let r = legatus::games::conquerors::romans::naval_bases::reach(
        &s,
        &w,
        "rome",
        &["rome".to_string()].into_iter().collect(),
    );
    println!("reach {}", r.len());
    println!(
        "{}",
        legatus::games::conquerors::romans::naval_template::template(&s, "rome")
    );
}
