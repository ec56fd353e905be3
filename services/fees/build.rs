//! `sqlx::migrate!` embeds the migrations at compile time: a migration added or changed must rebuild the crate.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
