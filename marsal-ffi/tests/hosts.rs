//! The C ABI from real hosts: compiles `examples/c/game.c`,
//! `examples/cpp/game.cpp` and `examples/c/thread_exit.c` with the system's C
//! and C++ compilers against both libraries (`libmarsal.so`, the cdylib, and
//! `libmarsal.a`, the staticlib), runs them and checks what they print.
//!
//! `cargo test` does not build a cdylib/staticlib-only library for integration
//! tests, so this test builds both from the current sources itself, once per
//! run, with the cargo that runs it, into its own target directory
//! `<target>/<profile>/ffi-hosts/target` (see [`library`]); a library left
//! over from an earlier build is never used.
//!
//! The compilers are `cc` and `c++`, or `$CC` and `$CXX` when set. Build outputs
//! go to `<target>/<profile>/ffi-hosts/`.

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

/// The directory holding `libmarsal.so` and `libmarsal.a` built from the
/// current sources (built on first use; panics with cargo's output on failure).
fn library_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = out_dir().join("target");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(cargo)
            .arg("build")
            .arg("--manifest-path")
            .arg(root().join("Cargo.toml"))
            .args(["--lib", "--quiet"])
            .arg("--target-dir")
            .arg(&target)
            .output()
            .expect("run cargo to build libmarsal");
        assert!(
            output.status.success(),
            "cargo build of marsal-ffi failed: {}",
            show(&output)
        );
        target.join("debug")
    })
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
