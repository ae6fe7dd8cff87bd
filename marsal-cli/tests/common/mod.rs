//! Helpers for the integration tests: run the `marsal` program with a generous
//! limit (a hang fails the test instead of hanging it), temporary folders,
//! bad-bot scripts.
#![allow(dead_code)] // each test crate uses only part of this module

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

pub const MARSAL: &str = env!("CARGO_BIN_EXE_marsal");

/// Generous: only a hang should ever reach it.
pub const HANG: Duration = Duration::from_secs(120);

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace folder")
        .to_path_buf()
}

/// A fresh empty folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "marsal-cli-test-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub struct Run {
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

/// `text` with every run of white space one space: lines the program wrapped
/// to 80 columns read as one.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Run {
    /// Whether standard output says `text`, wherever its lines were wrapped.
    pub fn says(&self, text: &str) -> bool {
        flat(&self.stdout).contains(&flat(text))
    }

    /// Whether standard error says `text`, wherever its lines were wrapped.
    pub fn warns(&self, text: &str) -> bool {
        flat(&self.stderr).contains(&flat(text))
    }

    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }
}

/// Runs `marsal ARGS` with `input` on stdin; panics if it takes longer than
/// [`HANG`].
pub fn marsal(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(MARSAL)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start marsal");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("marsal {args:?} hung for {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    Run {
        status,
        stdout: out_t.join().unwrap_or_default(),
        stderr: err_t.join().unwrap_or_default(),
    }
}

/// The command of a built-in bot on the marsal protocol.
pub fn builtin_bot(kind: &str) -> String {
    format!("'{MARSAL}' bot {kind}")
}

/// Writes an `sh` bot speaking the marsal protocol: it answers `setup` with
/// the example, and runs `on_go` (shell commands) on each `go`.
pub fn sh_bot(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while IFS= read -r line; do\n  case \"$line\" in\n    setup*) echo \"${{line#setup }}\" ;;\n    go*) {on_go} ;;\n    end*) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("write script");
    format!("sh '{}'", path.display())
}

/// Whether a process with this id still exists (and is not a zombie).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            // The state follows the ")" that ends the command name.
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.is_empty()
        }
        Err(_) => false,
    }
}
