//! `include/marsal.h` must be exactly what cbindgen generates from `src/ffi` now.
//! To regenerate it after changing the ABI: `MARSAL_BLESS=1 cargo test --test ffi_header`.
#![cfg(feature = "ffi")]

use std::path::Path;

#[test]
fn committed_header_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    // Only the C ABI module is read: the rest of the crate is Rust API.
    cbindgen::Builder::new()
        .with_src(root.join("src/ffi/mod.rs"))
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = root.join("include/marsal.h");
    if std::env::var_os("MARSAL_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/marsal.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/marsal.h is not what cbindgen generates from src/ffi now; \
         regenerate it with `MARSAL_BLESS=1 cargo test --test ffi_header` and commit it"
    );
}
