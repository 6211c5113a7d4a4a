//! The typed loader (`games::conquerors::romans::data`) on the real pack and on broken copies:
//! it parses every file, checks tables complete for every die value, every scenario reference
//! and every set-up place against the maps, and `legatus data check scenarios/conquerors`
//! reports the Romans files beside the maps.

use legatus::games::conquerors::data as maps;
use legatus::games::conquerors::romans::data::{self, PACK_FILES};
use legatus::pack::Violation;

use super::pack_dir;

fn violations_of(file: &str, from: &str, to: &str) -> Vec<Violation> {
    let dir = tempfile::tempdir().unwrap();
    for f in PACK_FILES {
        let mut text = std::fs::read_to_string(pack_dir().join(f)).unwrap();
        if f == file {
            assert!(text.contains(from), "`{from}` not in {file}");
            text = text.replacen(from, to, 1);
        }
        std::fs::write(dir.path().join(f), text).unwrap();
    }
    let m = maps::load_dir(&pack_dir().join("..")).unwrap();
    let p = data::read_dir(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    data::validate(&p, &m)
}

fn says(v: &[Violation], rule: &str, text: &str) {
    assert!(
        v.iter()
            .any(|x| x.rule.contains(rule) && x.message.contains(text)),
        "no violation of {rule} saying {text}: {v:#?}"
    );
}

#[test]
fn romans_data_pack_loads_and_checks_clean() {
    let m = maps::load_dir(&pack_dir().join("..")).unwrap();
    let p = data::read_dir(&pack_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(data::validate(&p, &m), Vec::<Violation>::new());
    assert_eq!(p.scenarios.len(), 2);
    assert_eq!(p.table("strategic-crt").unwrap().columns.len(), 8);
    let e = data::load_embedded().unwrap();
    assert_eq!(
        data::hash(&e),
        data::hash(&p),
        "the binary embeds the files as they are"
    );
}

#[test]
fn romans_3_3_a_table_missing_a_die_row_is_refused() {
    let v = violations_of(
        "tables.yaml",
        "      \"12\": [\"3x\",",
        "      \"13\": [\"3x\",",
    );
    says(&v, "Romans [3.3]", "no row for die value 12");
    says(&v, "Romans [3.3]", "row `13` is not a die value");
}

#[test]
fn romans_20_11_setup_place_in_the_sea_is_refused() {
    // Dardania sets up at 5417; 5415 is the wrong hex for Antipatreia's neighbour… use a sea hex.
    let v = violations_of(
        "scenario-second-macedonian-war.yaml",
        "- at: {map: romans, hex: \"5417\"}",
        "- at: {map: romans, hex: \"0110\"}",
    );
    says(&v, "Romans [5.42]", "romans 0110 is not land");
}

#[test]
fn romans_20_11_printed_hex_must_hold_the_named_city() {
    let v = violations_of(
        "scenario-second-macedonian-war.yaml",
        "{map: romans, hex: \"4919\", city: Antipatreia}",
        "{map: romans, hex: \"4918\", city: Antipatreia}",
    );
    says(&v, "Romans [20]", "hex 4918 holds no city, not Antipatreia");
}

#[test]
fn romans_3_22_unknown_commander_names_the_nearest() {
    let v = violations_of(
        "scenario-second-macedonian-war.yaml",
        "commanders: [athenagorus]",
        "commanders: [athenagoras]",
    );
    says(
        &v,
        "Romans [3.22]",
        "no commander `athenagoras` (did you mean athenagorus?)",
    );
}

#[test]
fn romans_7_14_squadrons_set_up_in_a_port() {
    let v = violations_of(
        "scenario-second-macedonian-war.yaml",
        "- at: {map: romans, hex: \"2625\", city: Lilybaeum}",
        "- at: {map: romans, hex: \"3317\", city: Capua}",
    );
    says(&v, "Romans [7.14]", "neither a port nor a sea hex");
}

#[test]
fn romans_data_check_lists_the_romans_files() {
    let r = legatus::games::conquerors::data::check(&pack_dir().join("..")).unwrap();
    let text = r.render();
    assert!(text.contains("romans/tables.yaml (provisional:"), "{text}");
    assert!(
        text.contains("romans/scenario-second-macedonian-war.yaml (source: Romans 20.1"),
        "{text}"
    );
}
