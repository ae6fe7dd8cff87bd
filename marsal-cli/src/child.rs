//! A bot program run as a child process, talked to line by line.
//!
//! Nothing a bot does can hang or crash the referee:
//! - its standard output is read by a thread of its own, in lines of at most
//!   [`MAX_LINE`] bytes, into a bounded channel; the referee waits for a line
//!   with [`Bot::read_line`] and a deadline (`recv_timeout`, a clock, no busy
//!   loop), so a bot that hangs costs at most its time limit;
//! - its standard input is written by another thread, so a bot that never reads
//!   cannot block the referee on a full pipe;
//! - a bot that floods its output fills the bounded channel and its reader
//!   thread waits; the referee reads only the lines it asked for, and the first
//!   line that is not an answer is a protocol error;
//! - each bot runs in a process group of its own (Unix), and [`Bot::stop`] kills
//!   the whole group (a shell and the interpreter it started) and reaps the
//!   child; `Drop` does the same, so no child outlives its game.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line a bot may write (bytes, without the newline).
pub const MAX_LINE: usize = 64 * 1024;

/// Lines read ahead of the referee before the reader thread waits.
const READ_AHEAD: usize = 64;

/// What reading a line from a bot gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// No line before the deadline.
    Timeout,
    /// The bot closed its output (it exited, or closed standard output).
    Closed,
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
    /// A line that is not UTF-8.
    NotText,
}

enum Incoming {
    Line(String),
    TooLong,
    NotText,
}

/// A running bot.
pub struct Bot {
    child: Option<Child>,
    lines: Receiver<Incoming>,
    to_bot: Option<Sender<String>>,
    /// Bytes written to the bot so far, for the record.
    pub sent_lines: u64,
}

/// Splits a command line into words: white space separates words; single and
/// double quotes group; a backslash outside single quotes escapes the next
/// character. No other shell syntax: to use pipes or variables, run a shell
/// (`sh -c '...'`).
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in {cmd:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c) => word.push(c),
                            None => return Err(format!("unclosed \" in {cmd:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in {cmd:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    word.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty command".into());
    }
    Ok(words)
}

/// Reads lines of at most `MAX_LINE` bytes; stops when the bot closes its
/// output or the referee stops listening.
fn read_lines(out: impl Read, tx: SyncSender<Incoming>) {
    let mut reader = BufReader::with_capacity(16 * 1024, out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // At most MAX_LINE + 1 bytes of one line: a longer line is refused
        // without holding it whole.
        let mut limited = (&mut reader).take(MAX_LINE as u64 + 1);
        match limited.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let ended = buf.last() == Some(&b'\n');
        if ended {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        let item = if !ended && buf.len() > MAX_LINE {
            Incoming::TooLong
        } else {
            match String::from_utf8(std::mem::take(&mut buf)) {
                Ok(s) => Incoming::Line(s),
                Err(_) => Incoming::NotText,
            }
        };
        let stop = !matches!(item, Incoming::Line(_));
        if tx.send(item).is_err() || stop {
            return;
        }
    }
}

fn write_lines(mut input: impl Write, rx: Receiver<String>) {
    for line in rx {
        if input.write_all(line.as_bytes()).is_err() || input.flush().is_err() {
            return;
        }
    }
}

impl Bot {
    /// Starts `cmd` (see [`split_command`]). `show_stderr` passes the bot's
    /// standard error through to the referee's; otherwise it is discarded.
    /// It runs in the working folder `dir` (the referee's own when `None`);
    /// a relative program path is then read from `dir`.
    pub fn spawn_in(
        cmd: &str,
        dir: Option<&std::path::Path>,
        show_stderr: bool,
    ) -> Result<Bot, String> {
        let words = split_command(cmd)?;
        let mut command = Command::new(&words[0]);
        if let Some(dir) = dir {
            if !dir.is_dir() {
                return Err(format!(
                    "cannot start {:?}: no folder {}",
                    words[0],
                    dir.display()
                ));
            }
            command.current_dir(dir);
        }
        command
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            });
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", words[0]))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("no pipes to the bot".into());
        };
        let (line_tx, lines) = mpsc::sync_channel(READ_AHEAD);
        let (to_bot, bot_rx) = mpsc::channel::<String>();
        let spawned = thread::Builder::new()
            .name("bot-out".into())
            .spawn(move || read_lines(stdout, line_tx))
            .and_then(|_| {
                thread::Builder::new()
                    .name("bot-in".into())
                    .spawn(move || write_lines(stdin, bot_rx))
            });
        let mut bot = Bot {
            child: Some(child),
            lines,
            to_bot: Some(to_bot),
            sent_lines: 0,
        };
        if let Err(e) = spawned {
            bot.stop(Duration::ZERO);
            return Err(format!("cannot start a thread: {e}"));
        }
        Ok(bot)
    }

    /// Sends one line (a newline is added). Never blocks; a bot that has gone
    /// is noticed when its answer is read.
    pub fn send(&mut self, line: &str) {
        if let Some(tx) = &self.to_bot {
            self.sent_lines += 1;
            let _ = tx.send(format!("{line}\n"));
        }
    }

    /// The next line the bot writes, waiting until `deadline` at most (`None`:
    /// no limit).
    pub fn read_line(&mut self, deadline: Option<Instant>) -> Result<String, ReadError> {
        let got = match deadline {
            Some(d) => self
                .lines
                .recv_timeout(d.saturating_duration_since(Instant::now()))
                .map_err(|e| match e {
                    RecvTimeoutError::Timeout => ReadError::Timeout,
                    RecvTimeoutError::Disconnected => ReadError::Closed,
                }),
            None => self.lines.recv().map_err(|_| ReadError::Closed),
        }?;
        match got {
            Incoming::Line(s) => Ok(s),
            Incoming::TooLong => Err(ReadError::TooLong),
            Incoming::NotText => Err(ReadError::NotText),
        }
    }

    /// How the bot exited, if it has (reaps it).
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.child
            .as_mut()
            .and_then(|c| c.try_wait().ok().flatten())
    }

    /// Words for why the bot's output closed: its exit status if it has exited.
    pub fn closed_reason(&mut self) -> String {
        // The output closes a moment before the process is reaped: wait a little.
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            if let Some(st) = self.exit_status() {
                return format!("the bot exited ({})", describe_status(st));
            }
            if Instant::now() >= until {
                return "the bot closed its output".into();
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Closes the bot's input, gives it `grace` to exit by itself, then kills
    /// its process group, and reaps it.
    pub fn stop(&mut self, grace: Duration) {
        self.to_bot = None;
        let Some(mut child) = self.child.take() else {
            return;
        };
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        kill_group(&mut child);
        let _ = child.wait();
    }
}

/// Kills the child and everything in its process group.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        if let Ok(pid) = i32::try_from(child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the
            // child leads (it was started with process_group(0)); it touches no
            // memory of ours.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    let _ = child.kill();
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.stop(Duration::ZERO);
    }
}

/// "exit code 3", "killed by signal 9".
pub fn describe_status(st: ExitStatus) -> String {
    if let Some(code) = st.code() {
        return format!("exit code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = st.signal() {
            return format!("killed by signal {sig}");
        }
    }
    st.to_string()
}

#[cfg(test)]
mod tests {
    use super::split_command;

    #[test]
    fn splits_words_and_quotes() {
        assert_eq!(
            split_command(r#"python3 "my bot.py" --x 'a b' c\ d"#).unwrap(),
            ["python3", "my bot.py", "--x", "a b", "c d"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }
}
