//! `include/marsal.h` (at the top of the workspace) must be exactly what
//! cbindgen generates from this crate's `src/` now. To regenerate it after
//! changing the ABI: `MARSAL_BLESS=1 cargo test -p marsal-c-abi --test header`.

use std::path::Path;

#[test]
fn committed_header_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    // The C ABI crate only (its submodules are followed from lib.rs).
    cbindgen::Builder::new()
        .with_src(root.join("src/lib.rs"))
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = root.join("../include/marsal.h");
    if std::env::var_os("MARSAL_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/marsal.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/marsal.h is not what cbindgen generates from marsal-c-abi/src now; \
         regenerate it with `MARSAL_BLESS=1 cargo test -p marsal-c-abi --test header` and commit it"
    );
}
