//! `marsal tournament`: round robin and gauntlet of built-in bots, the same
//! tables from one run and from its merged shards, forfeits that let the
//! tournament go on, an SPRT that stops early, and bad input refused before
//! any game.

mod common;
use common::*;

fn tournament(args: &[&str]) -> Run {
    let mut all = vec!["tournament", "--ruleset", "barrage", "--quiet"];
    all.extend_from_slice(args);
    marsal(&all, "")
}

fn ok(run: &Run) {
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
}

/// The line of the standings (or pairings) that starts with `prefix`.
fn line<'a>(run: &'a Run, prefix: &str) -> &'a str {
    run.stdout
        .lines()
        .find(|l| l.trim_start().starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?} in\n{}", run.stdout))
}

#[test]
fn a_round_robin_plays_every_pairing_with_colours_swapped() {
    let run = tournament(&[
        "builtin:random",
        "builtin:careful",
        "builtin:search:50",
        "--games",
        "2",
        "--concurrency",
        "2",
    ]);
    ok(&run);
    assert!(
        run.stdout
            .starts_with("round robin of 3 participants, 6 games of 6 played"),
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches(" vs ").count(),
        3,
        "three pairings:\n{}",
        run.stdout
    );
    assert!(run.stdout.contains("cross-table"), "{}", run.stdout);
    let games: Vec<&str> = run
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("standings"))
        .skip(2)
        .take(3)
        .map(|l| l.split_whitespace().nth(2).unwrap_or(""))
        .collect();
    assert_eq!(games, ["4", "4", "4"], "{}", run.stdout);
}

#[test]
fn a_gauntlet_pairs_the_first_participant_with_each_other() {
    let run = tournament(&[
        "builtin:careful",
        "builtin:random",
        "builtin:search:50",
        "--gauntlet",
        "--games",
        "2",
    ]);
    ok(&run);
    assert!(run.stdout.contains("4 games of 4 played"), "{}", run.stdout);
    line(&run, "builtin:careful vs builtin:random:");
    line(&run, "builtin:careful vs builtin:search:50:");
    assert!(!run.stdout.contains("builtin:random vs"), "{}", run.stdout);
}

#[test]
fn two_merged_shards_give_the_tables_of_one_run() {
    let dir = temp_dir("shards");
    let file = |n: &str| dir.join(n).display().to_string();
    let args = [
        "builtin:random",
        "builtin:careful",
        "builtin:search:30",
        "--games",
        "4",
    ];
    let with = |extra: &[&str]| {
        let mut a = args.to_vec();
        a.extend_from_slice(extra);
        let run = tournament(&a);
        ok(&run);
        run
    };
    let whole = with(&[
        "--seed",
        "7",
        "--results",
        &file("all.jsonl"),
        "--concurrency",
        "1",
    ]);
    let _ = with(&[
        "--seed",
        "7",
        "--shard",
        "1/2",
        "--results",
        &file("s1.jsonl"),
    ]);
    let second = with(&[
        "--seed",
        "7",
        "--shard",
        "2/2",
        "--results",
        &file("s2.jsonl"),
    ]);
    assert!(
        second.stdout.contains("6 games of 12 played"),
        "{}",
        second.stdout
    );
    let merged = marsal(
        &["tournament", "merge", &file("s2.jsonl"), &file("s1.jsonl")],
        "",
    );
    ok(&merged);
    assert_eq!(merged.stdout, whole.stdout);
    let again = marsal(&["tournament", "merge", &file("all.jsonl")], "");
    assert_eq!(again.stdout, whole.stdout);
    // Shards of another tournament do not merge.
    let other = marsal(
        &["tournament", "merge", &file("all.jsonl"), &file("s1.jsonl")],
        "",
    );
    ok(&other);
    let _ = with(&[
        "--seed",
        "8",
        "--shard",
        "1/2",
        "--results",
        &file("x.jsonl"),
    ]);
    let mixed = marsal(
        &["tournament", "merge", &file("s1.jsonl"), &file("x.jsonl")],
        "",
    );
    assert!(!mixed.status.success());
    assert!(
        mixed.stderr.contains("another tournament"),
        "{}",
        mixed.stderr
    );
}

#[test]
fn participants_that_cannot_start_or_crash_forfeit_and_the_tournament_goes_on() {
    let dir = temp_dir("forfeits");
    let crash = sh_bot(&dir, "crash", "exit 3");
    let hang = sh_bot(&dir, "hang", "sleep 1000");
    let run = tournament(&[
        "builtin:careful",
        "/no/such/bot",
        &crash,
        &hang,
        "--gauntlet",
        "--games",
        "2",
        "--time-per-move",
        "300",
    ]);
    ok(&run);
    assert!(run.stdout.contains("6 games of 6 played"), "{}", run.stdout);
    // careful wins its 6 games, each by the other's forfeit.
    let careful = line(&run, "1 builtin:careful");
    assert!(
        careful.contains(" 6      6  100.0     6    0    0        0"),
        "{careful}"
    );
    assert!(run.stdout.contains("forfeit 6"), "{}", run.stdout);
    assert!(run.stderr.contains("timeout"), "{}", run.stderr);
    let missing = line(&run, &format!("{} /no/such/bot", 2))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(missing.contains("/no/such/bot"), "{missing}");
    assert!(run.stderr.contains("cannot start"), "{}", run.stderr);
    assert!(run.stderr.contains("exit code 3"), "{}", run.stderr);
}

#[test]
fn an_sprt_stops_as_soon_as_the_llr_crosses_a_bound() {
    let run = tournament(&[
        "builtin:careful",
        "builtin:random",
        "--games",
        "400",
        "--sprt",
        "elo0=0",
        "elo1=50",
        "alpha=0.1",
        "beta=0.1",
    ]);
    ok(&run);
    let l = line(&run, "SPRT");
    assert!(l.contains("H1 accepted"), "{l}");
    assert!(
        run.stderr.contains("the SPRT stopped the tournament after"),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_input_is_refused_before_any_game() {
    let dir = temp_dir("bad-input");
    let book = dir.join("book.txt");
    std::fs::write(&book, "# one setup is not a pair\nSSS/BBB\n").unwrap();
    let book = book.display().to_string();
    for (args, says) in [
        (vec!["builtin:random"], "at least two participants"),
        (vec!["builtin:random", "builtin:random"], "is given twice"),
        (
            vec!["builtin:random", "builtin:careful", "--games", "3"],
            "even number",
        ),
        (
            vec!["builtin:random", "builtin:careful", "--setups", &book],
            "line 2: 1 words",
        ),
        (
            vec!["builtin:random", "builtin:careful", "--shard", "3/2"],
            "from 1 to 2",
        ),
        (
            vec![
                "builtin:random",
                "builtin:careful",
                "--sprt",
                "elo0=5 elo1=0 alpha=0.05 beta=0.05",
            ],
            "elo0 (5) must be less than elo1 (0)",
        ),
        (
            vec![
                "builtin:random",
                "builtin:careful",
                "builtin:search",
                "--sprt",
                "elo0=0 elo1=5 alpha=0.05 beta=0.05",
            ],
            "exactly two",
        ),
        (
            vec!["builtin:random", "builtin:clever"],
            "no built-in bot is called",
        ),
    ] {
        let run = tournament(&args);
        assert!(!run.status.success(), "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    }
}

#[test]
fn every_game_is_recorded_as_match_records_it() {
    let dir = temp_dir("record");
    let run = tournament(&[
        "builtin:random",
        "builtin:careful",
        "--games",
        "2",
        "--record",
        &dir.display().to_string(),
    ]);
    ok(&run);
    for n in ["game-001", "game-002"] {
        let json = std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap();
        assert!(json.contains("\"result\""), "{json}");
        assert!(dir.join(format!("{n}.xml")).exists());
    }
    let results = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    assert_eq!(results.lines().count(), 3, "{results}");
}

#[test]
fn an_sprt_verdict_abandons_the_games_in_progress_and_ends_the_run_at_once() {
    // The program resigns at once as Red and, as Blue, thinks a second over
    // every move of a game with no ply limit: its games as Blue would last
    // for hours. Its quick losses decide the SPRT while a dozen of those
    // games are in progress.
    let dir = temp_dir("sprt-stop");
    let bot = dir.join("slow.sh");
    std::fs::write(
        &bot,
        "while IFS= read -r line; do\n  case \"$line\" in\n    'side red') red=1 ;;\n    \
         setup*) echo \"${line#setup }\" ;;\n    go*) if [ -n \"$red\" ]; then echo resign; \
         else sleep 1; set -- $line; echo \"$2\"; fi ;;\n    end*) exit 0 ;;\n  esac\ndone\n",
    )
    .expect("write the bot");
    let slow = format!("sh '{}'", bot.display());
    let started = std::time::Instant::now();
    let run = tournament(&[
        "builtin:random",
        &slow,
        "--games",
        "200",
        "--concurrency",
        "24",
        "--max-plies",
        "inf",
        "--time-per-move",
        "5000",
        "--sprt",
        "elo0=0",
        "elo1=50",
        "alpha=0.1",
        "beta=0.1",
    ]);
    let took = started.elapsed();
    ok(&run);
    let l = line(&run, "SPRT");
    assert!(l.contains("H1 accepted"), "{l}");
    let stopped = line(&run, "the SPRT decided");
    assert!(stopped.contains("of 200 games played"), "{stopped}");
    assert!(
        took < std::time::Duration::from_secs(40),
        "the run took {took:?} after its verdict"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stopped_run_resumed_from_its_results_file_gives_the_tables_of_a_run_never_stopped() {
    let dir = temp_dir("resume");
    let file = |name: &str| dir.join(name).display().to_string();
    let args = |extra: &[&str]| {
        let mut all = vec![
            "builtin:careful",
            "builtin:random",
            "builtin:search:50",
            "--games",
            "4",
            "--seed",
            "7",
        ];
        all.extend_from_slice(extra);
        all.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let r = tournament(&a);
        ok(&r);
        r
    };
    let whole = run(&["--results", &file("whole.jsonl")]);
    // The same run, stopped after 5 of its 12 games while writing the
    // sixth's line (the file as a killed run leaves it).
    run(&["--results", &file("stopped.jsonl")]);
    let text = std::fs::read_to_string(file("stopped.jsonl")).expect("results");
    let kept: Vec<&str> = text.lines().take(6).collect();
    std::fs::write(
        file("stopped.jsonl"),
        format!("{}\n{{\"game\":9,\"pa", kept.join("\n")),
    )
    .expect("cut the file");
    let resumed = run(&["--resume", &file("stopped.jsonl")]);
    assert_eq!(resumed.stdout, whole.stdout);
    assert!(
        resumed.warns("5 of 12 games played, 7 to play"),
        "{}",
        resumed.stderr
    );
    let lines = std::fs::read_to_string(file("stopped.jsonl")).expect("results");
    assert_eq!(lines.lines().count(), 13, "{lines}");
    assert!(lines.ends_with('\n'));
    // Resuming a finished run plays nothing and prints the same tables.
    let again = run(&["--resume", &file("stopped.jsonl")]);
    assert_eq!(again.stdout, whole.stdout);
    // A shard resumes too, and merges with the other into the whole.
    run(&["--shard", "1/2", "--results", &file("s1.jsonl")]);
    run(&["--shard", "2/2", "--results", &file("s2.jsonl")]);
    let s1 = std::fs::read_to_string(file("s1.jsonl")).expect("shard");
    let first_two: Vec<&str> = s1.lines().take(3).collect();
    std::fs::write(file("s1.jsonl"), first_two.join("\n") + "\n").expect("cut the shard");
    run(&["--shard", "1/2", "--resume", &file("s1.jsonl")]);
    let merged = marsal(
        &["tournament", "merge", &file("s1.jsonl"), &file("s2.jsonl")],
        "",
    );
    ok(&merged);
    assert_eq!(merged.stdout, whole.stdout);
    // Another tournament's file is refused before any game.
    let a = args(&["--resume", &file("whole.jsonl"), "--setups", "random"]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let other = tournament(&a);
    assert!(!other.status.success());
    assert!(
        other.stderr.contains("another tournament"),
        "{}",
        other.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_full_table_is_printed_every_n_games() {
    let run = tournament(&[
        "builtin:careful",
        "builtin:random",
        "--games",
        "6",
        "--concurrency",
        "1",
        "--table-every",
        "2",
    ]);
    ok(&run);
    let tables: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("the table after"))
        .collect();
    assert_eq!(
        tables,
        [
            "the table after 2 of 6 games:",
            "the table after 4 of 6 games:"
        ],
        "{}",
        run.stdout
    );
    assert_eq!(
        run.stdout.matches("standings (").count(),
        3,
        "{}",
        run.stdout
    );
}

#[test]
fn a_bot_has_a_name_a_working_folder_and_a_clock_that_forfeits_on_time() {
    // The program is started in its own folder (its command names a script
    // there) and thinks 0.3 s a move.
    let dir = temp_dir("per-bot");
    let home = dir.join("slow-home");
    std::fs::create_dir_all(&home).expect("folder");
    std::fs::write(
        home.join("slow.sh"),
        "while IFS= read -r line; do\n  case \"$line\" in\n    setup*) echo \"${line#setup }\" \
         ;;\n    go*) sleep 0.3; set -- $line; echo \"$2\" ;;\n    end*) exit 0 ;;\n  esac\ndone\n",
    )
    .expect("write the bot");
    let home = home.display().to_string();
    let table = |tc: &str| {
        let run = marsal(
            &[
                "tournament",
                "--quiet",
                "--ruleset",
                "barrage",
                "--games",
                "2",
                "--max-plies",
                "16",
                "--bot",
                "name=slow",
                "cmd=sh slow.sh",
                &format!("dir={home}"),
                &format!("tc={tc}"),
                "--bot",
                "name=rnd",
                "cmd=builtin:random",
            ],
            "",
        );
        ok(&run);
        run
    };
    // One second and no increment: the clock runs out at the fourth move.
    let out = table("1");
    let slow = line(&out, "2 slow");
    assert!(
        slow.contains(" 2      0    0.0     0    0    2        2"),
        "{slow}"
    );
    assert!(out.warns("timeout"), "{}", out.stderr);
    assert!(
        out.warns("slow (the marsal protocol, in "),
        "{}",
        out.stderr
    );
    assert!(out.warns("tc=1+0)"), "{}", out.stderr);
    // Half a second after each move keeps it going: no forfeit.
    let out = table("1+0.5");
    let endings = line(&out, "endings:");
    assert!(!endings.contains("forfeit"), "{}", out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_killed_while_it_plays_and_resumed_gives_the_tables_of_a_run_never_killed() {
    let dir = temp_dir("killed");
    let file = |name: &str| dir.join(name).display().to_string();
    let args = |results: &[&str]| {
        let mut all = vec![
            "tournament",
            "--quiet",
            "--ruleset",
            "barrage",
            "builtin:careful",
            "builtin:search:300",
            "--games",
            "12",
            "--concurrency",
            "1",
            "--seed",
            "3",
        ];
        all.extend_from_slice(results);
        all.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let whole = marsal(
        &args(&["--results", &file("whole.jsonl")])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        "",
    );
    ok(&whole);
    // The same run, killed once three games are written.
    let mut child = std::process::Command::new(MARSAL)
        .args(args(&["--results", &file("killed.jsonl")]))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start marsal");
    let started = std::time::Instant::now();
    loop {
        let lines = std::fs::read_to_string(file("killed.jsonl"))
            .map(|t| t.lines().count())
            .unwrap_or(0);
        if lines >= 4 || started.elapsed() > HANG {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().expect("kill");
    let _ = child.wait();
    let kept = std::fs::read_to_string(file("killed.jsonl")).expect("results");
    assert!(
        kept.lines().count() < 13,
        "the run ended before it was killed"
    );
    let resumed = marsal(
        &args(&["--resume", &file("killed.jsonl")])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        "",
    );
    ok(&resumed);
    assert_eq!(resumed.stdout, whole.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}
