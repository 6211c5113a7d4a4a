//! Acceptance tests of the Alexandros data pack (issue 3), named after the rule they pin.

use std::path::{Path, PathBuf};

use legatus::games::alexandros::data::{self, *};

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/alexandros")
}

fn pack() -> Pack {
    match data::load_embedded() {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn alexandros_data_check_real_pack_passes() {
    let report = match data::check(&pack_dir()) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let text = report.render();
    assert!(
        text.contains("tables/raid-size  [Alexandros 14.3]"),
        "{text}"
    );
    assert!(
        text.contains("provisional  tables/minor-combat-results"),
        "{text}"
    );
}

#[test]
#[ignore]
fn print_report() {
    println!("{}", data::check(&pack_dir()).unwrap().render());
    println!("{}", data::provisional_items(&pack()).len());
}
