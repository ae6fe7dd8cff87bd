//! Finds the test data kept beside the project (`../shared/data` from the
//! workspace root, or the folder named by `MARSAL_SHARED_DATA`) and tells the
//! tests which parts are there: a test whose data is absent is compiled as
//! ignored, so the test summary shows it instead of a silent pass.

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=MARSAL_SHARED_DATA");
    let dir = match std::env::var_os("MARSAL_SHARED_DATA") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"))
            .join("../../shared/data"),
    };
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo::rerun-if-changed={}", dir.display());
    println!("cargo::rustc-env=MARSAL_SHARED_DATA={}", dir.display());
    for (part, cfg) in [
        ("gravon", "marsal_gravon_data"),
        ("ataraxos", "marsal_ataraxos_data"),
    ] {
        if dir.join(part).is_dir() {
            println!("cargo::rustc-cfg={cfg}");
        } else {
            println!(
                "cargo::warning={} is absent: its tests are ignored",
                dir.join(part).display()
            );
        }
    }
}
