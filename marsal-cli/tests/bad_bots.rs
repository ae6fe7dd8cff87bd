//! A bot that hangs, floods its output, exits early, writes garbage or plays an
//! illegal move loses the game by forfeit, with the reason; the referee never
//! hangs or crashes, and every child process is gone afterwards.

mod common;
use common::*;

/// Plays one game of `ruleset`, the bad bot as Red against the random bot,
/// and checks that Red forfeited for `reason`.
fn forfeits(ruleset: &str, bad: &str, reason: &str) -> Run {
    let random = builtin_bot("random");
    let run = marsal(
        &[
            "match",
            "--ruleset",
            ruleset,
            "--red",
            bad,
            "--blue",
            &random,
            "--time-per-move",
            "300",
        ],
        "",
    );
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    assert_eq!(
        run.last_line(),
        "red 0, blue 1, draws 0, forfeits 1",
        "{}",
        run.stdout
    );
    assert!(
        run.says("Red forfeits") && run.says(reason),
        "expected {reason:?} in\n{}",
        run.stdout
    );
    run
}

#[test]
fn a_bot_that_hangs_at_the_setup_times_out() {
    // The setup gets ten times the limit, at least 5 s.
    forfeits("barrage", "sleep 1000", "timeout: no answer within 5000 ms");
}

#[test]
fn a_bot_that_hangs_on_its_move_times_out() {
    let dir = temp_dir("hang");
    let bot = sh_bot(&dir, "hang", "sleep 1000");
    forfeits("barrage", &bot, "timeout: no answer within 300 ms");
}

#[test]
fn a_bot_that_floods_lines_forfeits() {
    let dir = temp_dir("flood");
    let bot = sh_bot(&dir, "flood", "exec yes flood");
    forfeits("classic", &bot, "protocol error");
}

#[test]
fn a_bot_that_floods_from_the_start_forfeits() {
    forfeits("classic", "yes", "illegal setup");
}

#[test]
fn a_bot_that_writes_an_endless_line_forfeits() {
    let dir = temp_dir("long");
    let bot = sh_bot(&dir, "long", "exec tr '\\0' a < /dev/zero");
    forfeits("barrage", &bot, "a line longer than 65536 bytes");
}

#[test]
fn a_bot_that_exits_at_once_forfeits() {
    forfeits("barrage", "true", "crash");
}

#[test]
fn a_bot_that_exits_during_the_game_forfeits_with_its_exit_code() {
    let dir = temp_dir("exit");
    let bot = sh_bot(&dir, "exit", "exit 3");
    forfeits("marsal_a_spion", &bot, "exit code 3");
}

#[test]
fn a_bot_that_cannot_be_started_is_an_error() {
    let random = builtin_bot("random");
    let run = marsal(&["match", "--red", "/no/such/bot", "--blue", &random], "");
    assert!(!run.status.success());
    assert!(run.stderr.contains("cannot start"), "{}", run.stderr);
}

#[test]
fn a_bot_that_writes_garbage_forfeits() {
    let dir = temp_dir("garbage");
    let bot = sh_bot(&dir, "garbage", "echo 'hello referee'");
    forfeits(
        "classic",
        &bot,
        "protocol error: \"hello referee\" is not a move",
    );
}

#[test]
fn a_bot_that_writes_bytes_that_are_not_text_forfeits() {
    let dir = temp_dir("binary");
    let bot = sh_bot(&dir, "binary", "printf '\\377\\376\\n'");
    forfeits("classic", &bot, "not UTF-8");
}

#[test]
fn a_bot_with_a_bad_setup_forfeits() {
    let dir = temp_dir("setup");
    let path = dir.join("setup.sh");
    std::fs::write(
        &path,
        "read a; read b; read c; read d; read e; echo MMMM\nsleep 5\n",
    )
    .unwrap();
    forfeits(
        "classic",
        &format!("sh '{}'", path.display()),
        "illegal setup: \"MMMM\"",
    );
}

#[test]
fn a_bot_that_plays_an_illegal_move_forfeits() {
    // e5 is empty at the start of a classic game.
    let dir = temp_dir("illegal");
    let bot = sh_bot(&dir, "illegal", "echo e5-e6");
    forfeits("classic", &bot, "illegal move: e5-e6");
}

#[test]
fn every_child_is_gone_after_the_game_even_a_grandchild() {
    // The bot starts a `sleep` of its own and hangs waiting for it.
    let dir = temp_dir("reap");
    let pids = dir.join("pids");
    let bot = sh_bot(
        &dir,
        "reap",
        &format!(
            "echo $$ >> '{0}'; sleep 1000 & echo $! >> '{0}'; wait",
            pids.display()
        ),
    );
    forfeits("barrage", &bot, "timeout");
    let text = std::fs::read_to_string(&pids).expect("the bot wrote its pids");
    let pids: Vec<u32> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();
    assert_eq!(pids.len(), 2, "{text}");
    for pid in pids {
        assert!(!alive(pid), "process {pid} outlived its game");
    }
}

#[test]
fn a_bot_that_never_reads_cannot_block_the_referee() {
    // It reads up to its setup request, answers it, and never reads again.
    let dir = temp_dir("deaf");
    let path = dir.join("deaf.sh");
    std::fs::write(
        &path,
        "read a; read b; read c; read d; read setup; echo \"${setup#setup }\"; sleep 1000\n",
    )
    .unwrap();
    forfeits("barrage", &format!("sh '{}'", path.display()), "timeout");
}
