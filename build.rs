//! The demo fixtures are embedded with include_dir, whose files rustc tracks one by one: a file
//! added to or removed from a fixture folder would go unnoticed. Cargo watches the folders.

fn main() {
    println!("cargo:rerun-if-changed=fixtures/alexandros/historical");
    println!("cargo:rerun-if-changed=fixtures/romans/historical");
    println!("cargo:rerun-if-changed=fixtures/romans/cynoscephalae/orders");
}
