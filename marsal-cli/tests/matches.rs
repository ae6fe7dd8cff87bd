//! `marsal match` over both protocols, with the sample bots, records, and the
//! hidden information each bot gets.

mod common;
use common::*;
use marsal::{Game, PieceKind, Side, Square};

fn assert_clean_finish(run: &Run, games: u32) {
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    let last = run.last_line();
    let stdout = &run.stdout;
    let nums: Vec<u32> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .take(4)
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(last.starts_with("red "), "{last}");
    assert_eq!(nums.len(), 4, "{last}");
    assert_eq!(nums[0] + nums[1] + nums[2], games, "{last}");
    assert_eq!(nums[3], 0, "no forfeits expected: {}", run.stdout);
    if games > 1 {
        // An Elo difference, or a sweep's unbounded interval in words.
        assert!(
            stdout.contains(", Elo difference ")
                || stdout.contains("; no losses: Elo ≥ ")
                || stdout.contains("; no wins: Elo ≤ "),
            "{stdout}"
        );
    }
}

#[test]
fn built_in_bots_play_a_match_on_every_preset() {
    for ruleset in ["marsal_a_spion", "classic", "barrage"] {
        let run = marsal(
            &[
                "match",
                "--ruleset",
                ruleset,
                "--red",
                &builtin_bot("careful"),
                "--blue",
                &builtin_bot("random"),
                "--games",
                "2",
                "--max-plies",
                "3000",
            ],
            "",
        );
        assert_clean_finish(&run, 2);
        assert!(run.stdout.contains("µs per move"), "{}", run.stdout);
    }
}

/// `marsal bot search --time auto` takes a share of the move time the
/// referee announces: with no node budget, only that time stops its search,
/// so it would forfeit on time if it ignored it.
#[test]
fn the_search_bot_program_answers_within_the_announced_move_time() {
    let run = marsal(
        &[
            "match",
            "--ruleset",
            "classic",
            "--red",
            &builtin_bot("search --time auto"),
            "--blue",
            &builtin_bot("careful"),
            // A share of 1,450 ms: ample for a debug build's search (the
            // clock is read every 256 nodes).
            "--time-per-move",
            "3000",
            "--max-plies",
            "4",
        ],
        "",
    );
    assert_clean_finish(&run, 1);
    let bad = marsal(&["bot", "search", "--time", "0"], "");
    assert!(!bad.status.success());
    assert!(bad.stderr.contains("from 1 to 3600000"), "{}", bad.stderr);
}

#[test]
fn the_python_and_c_sample_bots_play_and_games_are_recorded() {
    let dir = temp_dir("samples");
    let c_bot = dir.join("random_bot");
    let cc = std::process::Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&c_bot)
        .arg(repo().join("examples/bots/random_bot.c"))
        .status()
        .expect("a C compiler (cc) is needed for this test");
    assert!(cc.success());
    let py = format!(
        "python3 '{}'",
        repo().join("examples/bots/random_bot.py").display()
    );
    let record = dir.join("games");
    let run = marsal(
        &[
            "match",
            "--ruleset",
            "classic",
            "--red",
            &py,
            "--blue",
            &format!("'{}'", c_bot.display()),
            "--games",
            "2",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    assert_clean_finish(&run, 2);
    // Both games recorded as Game JSON and Gravon XML; the JSON replays.
    for n in 1..=2 {
        let json = std::fs::read_to_string(record.join(format!("game-{n:03}.json"))).unwrap();
        let game: Game = serde_json::from_str(&json).expect("the record replays");
        assert!(game.status().is_over());
        let xml = std::fs::read_to_string(record.join(format!("game-{n:03}.xml"))).unwrap();
        let g = marsal::gravon::parse(&xml).expect("Gravon XML reads back");
        assert_eq!(g.moves.len(), game.moves().count());
    }
    let tsv = std::fs::read_to_string(record.join("results.tsv")).unwrap();
    assert_eq!(tsv.lines().count(), 3, "{tsv}");
}

#[test]
fn czech_games_are_recorded_as_json_only() {
    let dir = temp_dir("czech");
    let run = marsal(
        &[
            "match",
            "--red",
            &builtin_bot("random"),
            "--blue",
            &builtin_bot("random"),
            "--record",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_clean_finish(&run, 1);
    assert!(dir.join("game-001.json").exists());
    assert!(!dir.join("game-001.xml").exists());
}

#[test]
fn progcomp_bots_written_to_the_manual_play_unchanged() {
    let bot = format!(
        "python3 '{}'",
        repo().join("examples/bots/progcomp_random.py").display()
    );
    {
        let ruleset = "classic";
        let run = marsal(
            &[
                "match",
                "--ruleset",
                ruleset,
                "--protocol",
                "progcomp",
                "--red",
                &bot,
                "--blue",
                &bot,
                "--games",
                "2",
            ],
            "",
        );
        assert_clean_finish(&run, 2);
    }
}

#[test]
fn progcomp_transcript_follows_the_manual() {
    // The bot's input, logged by tee: the first lines are the setup request,
    // then START and the board for Red, with enemy pieces as # and lakes as +.
    let dir = temp_dir("progcomp-log");
    let log = dir.join("red.log");
    let bot = repo().join("examples/bots/progcomp_random.py");
    let red = format!(
        "sh -c \"tee '{}' | python3 '{}'\"",
        log.display(),
        bot.display()
    );
    let blue = format!("python3 '{}'", bot.display());
    let run = marsal(
        &[
            "match",
            "--ruleset",
            "classic",
            "--protocol",
            "progcomp",
            "--red",
            &red,
            "--blue",
            &blue,
        ],
        "",
    );
    assert_clean_finish(&run, 1);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The opponent by its command as given (white space made `_`).
    let blue_name = blue.split_whitespace().collect::<Vec<_>>().join("_");
    assert_eq!(lines[0], format!("RED {blue_name} 10 10"));
    assert_eq!(lines[1], "START");
    // Red's rows are at the top: four rows of its pieces, two with the lakes,
    // four of unknown enemies.
    for row in &lines[2..6] {
        assert!(row.chars().all(|c| "123456789sBF".contains(c)), "{row}");
    }
    assert_eq!(lines[6], "..++..++..");
    assert_eq!(lines[7], "..++..++..");
    for row in &lines[8..12] {
        assert_eq!(*row, "##########");
    }
    // The confirmation repeats Red's move with an outcome.
    let words: Vec<&str> = lines[12].split_whitespace().collect();
    assert!(words.len() >= 4, "{}", lines[12]);
    const OUTCOMES: [&str; 6] = [
        "OK",
        "KILLS",
        "DIES",
        "BOTHDIE",
        "VICTORY_FLAG",
        "VICTORY_ATTRITION",
    ];
    assert!(words.iter().any(|w| OUTCOMES.contains(w)), "{}", lines[12]);
    assert!(lines.last().unwrap().starts_with("QUIT"), "{text}");
}

/// What Blue's bot received, logged with tee, checked against the recorded
/// game: every enemy letter it was shown is the true kind of a piece its side
/// knows; a surviving attacker is never shown to the defender (Czech rules).
#[test]
fn a_bot_never_receives_enemy_kinds_it_should_not_know() {
    for (ruleset, seed) in [("marsal_a_spion", "5"), ("classic", "6")] {
        let dir = temp_dir("hidden");
        let log = dir.join("blue.log");
        let blue = format!("sh -c \"tee '{}' | '{MARSAL}' bot careful\"", log.display());
        let run = marsal(
            &[
                "match",
                "--ruleset",
                ruleset,
                "--red",
                &builtin_bot("careful"),
                "--blue",
                &blue,
                "--seed",
                seed,
                "--max-plies",
                "3000",
                "--record",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert_clean_finish(&run, 1);
        let json = std::fs::read_to_string(dir.join("game-001.json")).unwrap();
        let recorded: Game = serde_json::from_str(&json).unwrap();
        let moves: Vec<_> = recorded.moves().collect();
        let mut replay = Game::from_position(*recorded.start_position());
        let czech = ruleset == "marsal_a_spion";
        let (files, ranks) = (replay.rules().board.files, replay.rules().board.ranks);
        let text = std::fs::read_to_string(&log).unwrap();
        let (mut views, mut hidden_attackers, mut shown) = (0, 0, 0);
        for line in text.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            match words[0] {
                "move" => {
                    let ply = replay.position().ply() as usize;
                    let outcome = replay.play(moves[ply]).unwrap();
                    if words[1] == "red" && words.len() == 6 {
                        let attacker = words[3];
                        let survived = outcome.fight.unwrap().battle.attacker_survives();
                        if czech && survived {
                            assert_eq!(attacker, "?", "{line}");
                            hidden_attackers += 1;
                        } else {
                            assert_eq!(attacker, outcome.piece.letter().to_string(), "{line}");
                        }
                    }
                }
                "view" => {
                    views += 1;
                    let pos = replay.position();
                    for (i, row) in words[1].split('/').enumerate() {
                        let rank = ranks - 1 - i as u8;
                        assert_eq!(row.chars().count(), files as usize);
                        for (file, c) in row.chars().enumerate() {
                            let sq = Square::new(file as u8, rank).unwrap();
                            let truth = pos.piece_at(sq);
                            if c == '?' {
                                assert_eq!(truth.map(|p| p.side), Some(Side::Red), "{sq}");
                            } else if c.is_ascii_uppercase() {
                                // An enemy letter: right, and known to Blue.
                                let p = truth.expect("a piece");
                                assert_eq!(p.side, Side::Red);
                                assert_eq!(Some(p.kind), PieceKind::from_letter(c));
                                let known = pos.known_to_opponent(sq).unwrap();
                                assert_eq!(known.single(), Some(p.kind), "{sq} {line}");
                                shown += 1;
                            } else if c.is_ascii_lowercase() {
                                assert_eq!(truth.map(|p| p.side), Some(Side::Blue));
                            }
                        }
                    }
                    if views == 1 {
                        // After one move Blue knows at most the piece that moved
                        // (a Scout, if it went far).
                        assert!(words[1].chars().filter(|c| c.is_ascii_uppercase()).count() <= 1);
                    }
                }
                _ => {}
            }
        }
        assert!(views > 10, "{ruleset}: only {views} views");
        if czech {
            assert!(hidden_attackers > 0, "no hidden attacker in the game");
        } else {
            assert!(shown > 0, "no enemy piece ever shown");
        }
    }
}

/// `--remember`: the built-in search bot carries what it learned of its
/// opponent's setups from game to game. The first game starts with nothing
/// learned, so it is the game played without the option; later games play
/// on what the earlier ones showed.
#[test]
fn a_remembering_search_bot_starts_the_match_knowing_nothing_and_learns_from_game_to_game() {
    let dir = temp_dir("remember");
    let games = |remember: bool| -> Vec<String> {
        let record = dir.join(if remember { "with" } else { "without" });
        let mut args = vec![
            "match",
            "--ruleset",
            "classic",
            "--red",
            "builtin:search:1500",
            "--blue",
            "builtin:careful",
            "--games",
            "3",
            "--max-plies",
            "300",
            "--seed",
            "3",
            "--record",
            record.to_str().unwrap(),
        ];
        if remember {
            args.push("--remember");
        }
        let run = marsal(&args, "");
        assert_clean_finish(&run, 3);
        (1..=3)
            .map(|n| std::fs::read_to_string(record.join(format!("game-{n:03}.json"))).unwrap())
            .collect()
    };
    let (with, without) = (games(true), games(false));
    assert_eq!(with[0], without[0], "the first game: nothing learned yet");
    assert!(
        with.iter().zip(&without).skip(1).any(|(a, b)| a != b),
        "a later game plays on what was learned"
    );
}

#[test]
fn every_game_ends_two_programs_that_shuffle_for_ever_draw_at_the_default_limit() {
    // Each program plays the first legal move it is offered: on the Czech
    // board, with no chase rule, they move the same pieces back and forth.
    let dir = temp_dir("shufflers");
    let first = sh_bot(&dir, "first", "set -- $line; echo \"$2\"");
    let run = marsal(
        &["match", "--red", &first, "--blue", &first, "--games", "2"],
        "",
    );
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("(a draw after 3000 plies)"),
        "{}",
        run.stdout
    );
    assert!(
        run.last_line().starts_with("red 0, blue 0, draws 2"),
        "{}",
        run.stdout
    );
    // A tournament between them ends too, each game at the limit.
    let run = marsal(
        &[
            "tournament",
            "--quiet",
            &first,
            &format!("{first} "),
            "--games",
            "2",
        ],
        "",
    );
    assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("endings: ply_limit 2; 3000 plies a game"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ply_limit_is_the_rulesets_own_else_the_default_and_inf_lifts_it() {
    let header = |args: &[&str]| {
        let mut all = vec![
            "match",
            "--red",
            "builtin:random",
            "--blue",
            "builtin:random",
        ];
        all.extend_from_slice(args);
        let run = marsal(&all, "");
        assert!(run.status.success(), "{}\n{}", run.stdout, run.stderr);
        run.stdout.lines().next().unwrap_or("").to_string()
    };
    assert!(header(&[]).contains("(a draw after 3000 plies)"));
    assert!(header(&["--max-plies", "inf"]).contains("(no limit on plies)"));
    assert!(header(&["--max-plies", "120"]).contains("(a draw after 120 plies)"));
    let dir = temp_dir("own-limit");
    let file = dir.join("short.json");
    let mut rules = marsal::Ruleset::barrage();
    rules.max_plies = Some(250);
    std::fs::write(&file, serde_json::to_string(&rules).expect("json")).expect("write");
    let file = file.display().to_string();
    assert!(header(&["--ruleset", &file]).contains("(a draw after 250 plies)"));
    let run = marsal(
        &["match", "--red", "x", "--blue", "y", "--max-plies", "0"],
        "",
    );
    assert!(!run.status.success());
    assert!(run.stderr.contains("at least 1 ply"), "{}", run.stderr);
    let run = marsal(&["selfplay", "--quiet", "--ruleset", "barrage"], "");
    assert!(
        run.stdout
            .contains("Limit: a draw after 3000 plies (--max-plies)."),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
