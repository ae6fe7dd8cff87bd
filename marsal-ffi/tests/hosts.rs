//! The C ABI from real hosts: compiles `examples/c/game.c`,
//! `examples/cpp/game.cpp` and `examples/c/thread_exit.c` with the system's C
//! and C++ compilers against both libraries (`libmarsal.so`, the cdylib, and
//! `libmarsal.a`, the staticlib), runs them and checks what they print.
//!
//! `cargo test` builds no library that is only a cdylib and a staticlib, but
//! it builds every example of the packages it tests: the `marsal` example
//! (`examples/libmarsal.rs`, this package's `src/lib.rs` as a cdylib and a
//! staticlib) is libmarsal, built with the tests from the current sources in
//! the same target directory and with the same dependencies. Before the first
//! host, this test asks cargo for that example (see [`library_dir`]): after
//! README's `cargo test --all-features` it is up to date and nothing is built;
//! after another selection of packages or features, or `--test hosts` alone,
//! cargo builds what is missing or out of date. A library left over from an
//! earlier build is never used.
//!
//! The compilers are `cc` and `c++`, or `$CC` and `$CXX` when set. The hosts
//! are built into `<target>/<profile>/ffi-hosts/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// What `libmarsal.a` needs from the system, from
/// `cargo rustc --lib --crate-type staticlib -- --print native-static-libs`
/// (Linux, glibc).
const NATIVE_STATIC_LIBS: &[&str] = &[
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

const C_FLAGS: &[&str] = &["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror"];
const CXX_FLAGS: &[&str] = &["-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror"];

#[derive(Clone, Copy, Debug)]
enum Link {
    /// `-L<dir> -lmarsal` (the cdylib), found at run time through an rpath and
    /// `LD_LIBRARY_PATH`.
    Dynamic,
    /// `<dir>/libmarsal.a` and the native libraries it needs.
    Static,
}

#[derive(Clone, Copy, Debug)]
enum Lang {
    C,
    Cxx,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The test executable's directory, `<target>/<profile>/deps`.
fn deps_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    exe.parent()
        .expect("the test executable lies in <target>/<profile>/deps")
        .to_path_buf()
}

/// `<target>/<profile>`.
fn profile_dir() -> PathBuf {
    deps_dir()
        .parent()
        .expect("the test executable lies in <target>/<profile>/deps")
        .to_path_buf()
}

fn out_dir() -> PathBuf {
    let dir = profile_dir().join("ffi-hosts");
    std::fs::create_dir_all(&dir).expect("create <target>/<profile>/ffi-hosts");
    dir
}

/// The directory holding `libmarsal.so` and `libmarsal.a`,
/// `<target>/<profile>/examples`, after `cargo build --all-features --example
/// marsal` of the workspace's default packages into the target directory and
/// profile of this test (the features and packages of README's test command:
/// cargo finds the example built and does nothing). Built on first use; panics
/// with cargo's output on failure.
fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let profile = profile_dir();
        let target = profile
            .parent()
            .expect("<target>/<profile> lies in <target>")
            .to_path_buf();
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut build = Command::new(cargo);
        build
            .arg("build")
            .arg("--manifest-path")
            .arg(workspace_manifest())
            .args(["--all-features", "--example", "marsal", "--quiet"])
            .arg("--target-dir")
            .arg(&target);
        match profile.file_name().and_then(|name| name.to_str()) {
            Some("debug") => {}
            Some("release") => {
                build.arg("--release");
            }
            Some(other) => {
                build.args(["--profile", other]);
            }
            None => panic!("{} has no profile name", profile.display()),
        }
        let output = build.output().expect("run cargo to build libmarsal");
        assert!(
            output.status.success(),
            "cargo build of libmarsal (the `marsal` example of marsal-ffi) failed: {}",
            show(&output)
        );
        profile.join("examples")
    })
}

/// The manifest of the workspace this package is built in (the top
/// `Cargo.toml` of the repository; the package's own in a lone copy of it).
fn workspace_manifest() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["locate-project", "--workspace", "--message-format", "plain"])
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml"))
        .output()
        .expect("run cargo locate-project");
    assert!(
        output.status.success(),
        "cargo locate-project failed: {}",
        show(&output)
    );
    PathBuf::from(String::from_utf8_lossy(&output.stdout).trim())
}

/// The library file `name` (`libmarsal.so` or `libmarsal.a`).
fn library(name: &str) -> PathBuf {
    let path = library_dir().join(name);
    assert!(path.is_file(), "{} was not built", path.display());
    path
}

/// The directory of the cdylib.
fn cdylib_dir() -> PathBuf {
    library("libmarsal.so")
        .parent()
        .expect("a file has a directory")
        .to_path_buf()
}

fn show(output: &Output) -> String {
    format!(
        "{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn compiler(lang: Lang) -> String {
    let (var, default) = match lang {
        Lang::C => ("CC", "cc"),
        Lang::Cxx => ("CXX", "c++"),
    };
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

/// Compiles `source` into `<out_dir>/<name>`, panicking with the compiler's
/// output when it fails.
fn compile(lang: Lang, source: &Path, link: Link, name: &str) -> PathBuf {
    compile_with(lang, source, link, name, &[])
}

/// [`compile`] with extra compiler arguments (such as `-pthread`).
fn compile_with(lang: Lang, source: &Path, link: Link, name: &str, extra: &[&str]) -> PathBuf {
    let root = root();
    let exe = out_dir().join(name);
    let mut cmd = Command::new(compiler(lang));
    match lang {
        Lang::C => cmd.args(C_FLAGS),
        Lang::Cxx => cmd.args(CXX_FLAGS),
    };
    // include/ holds marsal.h and marsal.hpp.
    cmd.arg(format!("-I{}", root.join("include").display()))
        .arg(source)
        .args(extra)
        .arg("-o")
        .arg(&exe);
    match link {
        Link::Dynamic => {
            let dir = cdylib_dir();
            cmd.arg(format!("-L{}", dir.display()))
                .arg("-lmarsal")
                .arg(format!("-Wl,-rpath,{}", dir.display()));
        }
        Link::Static => {
            cmd.arg(library("libmarsal.a")).args(NATIVE_STATIC_LIBS);
        }
    }
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {:?}: {e}", cmd.get_program()));
    assert!(
        output.status.success(),
        "compiling {} failed:\n{:?}\n{}",
        source.display(),
        cmd,
        show(&output)
    );
    exe
}

/// Runs `exe` with `args`, asserts exit status 0 and returns its stdout.
fn run(exe: &Path, args: &[&str]) -> String {
    let output = Command::new(exe)
        .args(args)
        .env("LD_LIBRARY_PATH", cdylib_dir())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    assert!(
        output.status.success(),
        "{} {args:?} failed:\n{}",
        exe.display(),
        show(&output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn c_host(link: Link, name: &str) {
    let exe = compile(Lang::C, &root().join("examples/c/game.c"), link, name);
    for args in [&[][..], &["classic"][..], &["barrage"][..]] {
        let stdout = run(&exe, args);
        assert!(
            stdout.lines().any(|l| l == "all checks passed"),
            "{} {args:?} did not print `all checks passed`:\n{stdout}",
            exe.display()
        );
        assert!(
            stdout.lines().any(|l| l.starts_with("result")),
            "{} {args:?} printed no result line:\n{stdout}",
            exe.display()
        );
        assert!(
            !stdout.contains("FAIL"),
            "{} {args:?} reported a failed check:\n{stdout}",
            exe.display()
        );
    }
}

fn cpp_host(link: Link, name: &str) {
    let source = root().join("examples/cpp/game.cpp");
    if !source.is_file() {
        eprintln!(
            "skipping the C++ host ({link:?}): {} does not exist",
            source.display()
        );
        return;
    }
    let exe = compile(Lang::Cxx, &source, link, name);
    let stdout = run(&exe, &[]);
    assert!(
        stdout.contains("game over"),
        "{} did not print `game over`:\n{stdout}",
        exe.display()
    );
}

#[test]
fn c_host_with_the_cdylib() {
    c_host(Link::Dynamic, "game_c_dynamic");
}

#[test]
fn c_host_with_the_staticlib() {
    c_host(Link::Static, "game_c_static");
}

#[test]
fn cpp_host_with_the_cdylib() {
    cpp_host(Link::Dynamic, "game_cpp_dynamic");
}

#[test]
fn cpp_host_with_the_staticlib() {
    cpp_host(Link::Static, "game_cpp_static");
}

/// Failing calls and the last error message from a
/// pthread key destructor (after the thread's Rust thread-locals are gone)
/// must not abort; every message is a C string without control characters.
fn thread_exit_host(link: Link, name: &str) {
    let source = root().join("examples/c/thread_exit.c");
    let exe = compile_with(Lang::C, &source, link, name, &["-pthread"]);
    let stdout = run(&exe, &[]);
    assert!(
        stdout.lines().any(|l| l == "all checks passed") && !stdout.contains("FAIL"),
        "{} failed:\n{stdout}",
        exe.display()
    );
}

#[test]
fn thread_exit_host_with_the_cdylib() {
    thread_exit_host(Link::Dynamic, "thread_exit_dynamic");
}

#[test]
fn thread_exit_host_with_the_staticlib() {
    thread_exit_host(Link::Static, "thread_exit_static");
}
