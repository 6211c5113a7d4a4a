//! The typed loader (`games::conquerors::macedonians::data`) on the real pack and on broken
//! copies, and `legatus data check scenarios/conquerors` listing the Macedonians files.

use legatus::games::conquerors::macedonians::data::{self, PACK_FILES};
use legatus::pack::Violation;

use super::{conquerors, pack, pack_dir};

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
    let p = data::read_dir(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    data::validate(&p, &conquerors())
}

#[track_caller]
fn says(v: &[Violation], rule: &str, text: &str) {
    assert!(
        v.iter()
            .any(|x| x.rule.contains(rule) && x.message.contains(text)),
        "no violation of {rule} saying {text}: {v:#?}"
    );
}

#[test]
fn macedonians_data_pack_loads_and_checks_clean() {
    let p = pack();
    assert_eq!(data::validate(&p, &conquerors()), Vec::<Violation>::new());
    let e = data::load_embedded().unwrap();
    assert_eq!(
        data::hash(&e),
        data::hash(&p),
        "the binary embeds the files as they are"
    );
}

#[test]
fn macedonians_3_3_a_table_missing_a_roll_is_refused() {
    let v = violations_of(
        "tables.yaml",
        "      \"12\": [\"3x\", \"3x\"",
        "      \"13\": [\"3x\", \"3x\"",
    );
    says(&v, "Macedonians [3.3]", "no row for die value 12");
    let v = violations_of(
        "tables.yaml",
        "      \"7\": [\"A2/D3\"",
        "      \"9\": [\"A2/D3\"",
    );
    says(&v, "Macedonians [3.3]", "not contiguous");
}

#[test]
fn macedonians_9_13_a_counter_above_its_type_is_refused() {
    let v = violations_of(
        "counters.yaml",
        "nation: cretan, ssp: 1,",
        "nation: cretan, ssp: 3,",
    );
    says(&v, "Macedonians [9.13]", "3 SSP, above the 2 of archer");
    let v = violations_of(
        "counters.yaml",
        "{type: phalanx, name: \"Craterus' phalanx\"",
        "{type: phalanks, name: \"Craterus' phalanx\"",
    );
    says(
        &v,
        "Macedonians [3.21]",
        "no unit type `phalanks` (did you mean phalanx?)",
    );
}

#[test]
fn macedonians_15_12_satrapy_points_and_capitals_held_to_the_map() {
    let v = violations_of(
        "places.yaml",
        "capital: Sardes, supply: 3",
        "capital: Sardes, supply: 4",
    );
    says(&v, "Macedonians [15.12]", "4 here");
    let v = violations_of(
        "places.yaml",
        "lydia: {name: \"Lydia\", capital: Sardes",
        "lydia: {name: \"Lydia\", capital: Ephesus",
    );
    says(&v, "Macedonians [15.11]", "Ephesus (0712) here");
}

#[test]
fn macedonians_5_91_naval_bases_and_walls_held_to_the_map() {
    let v = violations_of(
        "places.yaml",
        "Side: {hex: \"1916\", kind: major, port: true, naval_base: true",
        "Side: {hex: \"1916\", kind: major, port: true",
    );
    says(&v, "Macedonians [5.91]: there are eight Naval Bases", "7");
    says(&v, "Macedonians [5.91], [13.1]", "base false here");
    let v = violations_of(
        "places.yaml",
        "Gaza: {hex: \"2831\", kind: walled, fortification: 40, vp: 5",
        "Gaza: {hex: \"2831\", kind: major",
    );
    says(&v, "Macedonians [3.4], [14.11]", "4");
}

#[test]
fn macedonians_20_2_cyzicus_is_0904_and_a_wrong_hex_is_refused() {
    let v = violations_of(
        "scenario.yaml",
        "at: {hex: \"0904\", city: Cyzicus}",
        "at: {hex: \"6904\", city: Cyzicus}",
    );
    says(
        &v,
        "Macedonians [3.1]",
        "6904 is not a hex of the Macedonians map",
    );
}

#[test]
fn macedonians_20_0_a_counter_placed_twice_or_on_the_wrong_side_is_refused() {
    let v = violations_of(
        "scenario.yaml",
        "units: [garrison-miletus]",
        "units: [garrison-tarsus]",
    );
    says(&v, "Macedonians [20.0]", "`garrison-tarsus` also at");
    let v = violations_of(
        "scenario.yaml",
        "commanders: [memnon, omares]",
        "commanders: [memnon, omares, craterus]",
    );
    says(&v, "Macedonians [20.0]", "`craterus` is not persian");
}

#[test]
fn macedonians_19_41_levies_follow_the_rule() {
    let v = violations_of(
        "turns.yaml",
        "{turn: \"17\", year: \"332\", months: Jul-Aug, persian: {levies: true}",
        "{turn: \"17\", year: \"332\", months: Jul-Aug, persian: {levies: false}",
    );
    says(&v, "Macedonians [19.41]", "levies false, due true");
}

#[test]
fn macedonians_data_check_lists_the_macedonians_files() {
    let dir = pack_dir().join("..");
    let r = legatus::games::conquerors::data::check(&dir).unwrap_or_else(|e| panic!("{e}"));
    let text = r.render();
    assert!(
        text.contains("macedonians/tables.yaml (provisional:"),
        "{text}"
    );
    assert!(
        text.contains("sourced      tables/land-interception  [Macedonians 6.3]"),
        "{text}"
    );
    assert!(text.contains("provisional  tables/persian-crt"), "{text}");
}

#[test]
fn macedonians_data_overrides_replace_items_and_are_checked() {
    let maps = conquerors();
    let mut p = data::load_embedded().unwrap();
    let before = data::hash(&p);
    let ok = "commanders:\n  darius: {name: \"Darius III\", side: persian, rating: 3, to: 1, td: 2, in_charge: always, fleets: any}\n";
    data::apply_overrides(&mut p, &maps, "mine.yaml", ok).unwrap();
    assert_eq!(p.counters.commanders["darius"].rating, 3);
    assert_eq!(
        p.counters.commanders["darius"].provenance.player.as_deref(),
        Some("mine.yaml")
    );
    assert_ne!(data::hash(&p), before);
    let bad =
        "units:\n  elephants: {type: elephant, name: \"Elephants\", nation: indian, ssp: 9}\n";
    let e = data::apply_overrides(&mut p, &maps, "mine.yaml", bad).unwrap_err();
    assert!(e.to_string().contains("above the 4 of elephant"), "{e}");
    assert_eq!(
        p.counters.units["elephants"].ssp,
        Some(3),
        "unchanged after a refused override"
    );
}
