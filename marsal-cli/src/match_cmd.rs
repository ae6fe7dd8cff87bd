//! `marsal match`: two bots play N games, colours alternating. Each side is a
//! program speaking the marsal or the progcomp protocol, or a built-in bot
//! ([`crate::sides`]).

use crate::Protocol;
use crate::match_record::{TSV_HEADER, record_game, tsv_line};
use crate::referee::{Ending, run_game};
use crate::sides::SideSpec;
use crate::stats::Trinomial;
use crate::words::count;
use marsal::Ruleset;
use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The options of `marsal match`.
pub struct Options {
    /// The ruleset; by default classic when a side speaks progcomp, else
    /// marsal_a_spion.
    pub ruleset: Option<String>,
    /// The two sides as given: `--red` first, `--blue` second.
    pub sides: [String; 2],
    /// `--red-protocol` and `--blue-protocol`.
    pub protocols: [Option<Protocol>; 2],
    /// `--protocol`: that of a side that names none.
    pub protocol: Protocol,
    pub games: u32,
    pub time_per_move: u64,
    pub record: Option<PathBuf>,
    pub seed: u64,
    pub rule_args: crate::RuleArgs,
    /// `--max-turns`: N or `inf`, in the progcomp manager's meaning.
    pub max_turns: Option<String>,
    pub bot_stderr: bool,
    /// `--remember`: a built-in search bot keeps what it learned of its
    /// opponent's setups from game to game.
    pub remember: bool,
    pub verbose: bool,
}

/// The 2012 progcomp manager's default game length, in its turns (a move of
/// each side).
pub const MANAGER_MAX_TURNS: u32 = 5000;

/// The plies the manager plays with `-m turns`: it starts at turn 1 and stops
/// before turn `turns`, so 5000 turns are 9,998 plies. `None`: no limit.
pub fn manager_plies(turns: &str) -> Result<Option<u32>, String> {
    if turns == "inf" {
        return Ok(None);
    }
    let n: u32 = turns
        .parse()
        .map_err(|_| format!("--max-turns: {turns:?} is neither a number nor inf"))?;
    if n < 2 {
        return Err(format!(
            "--max-turns {n}: the game would end before a move (at least 2)"
        ));
    }
    Ok(Some(2 * (n - 1)))
}

/// The rules of a match or tournament between `specs`.
pub struct MatchRules {
    /// The rules, changes applied.
    pub rules: Ruleset,
    /// The name the protocol sends: a preset's, or `custom`.
    pub name: String,
    /// The ruleset as given (or the default).
    pub ruleset: String,
    /// Whether a side speaks progcomp (the 2012 manager's rules).
    pub progcomp: bool,
}

/// The rules for `specs` from `--ruleset`, the rule changes and
/// `--max-turns`: by default classic when a side speaks progcomp, else
/// marsal_a_spion; with a progcomp side, the 2012 manager's rules.
pub fn match_rules(
    ruleset: Option<String>,
    specs: &[SideSpec],
    rule_args: &crate::RuleArgs,
    max_turns: Option<&str>,
) -> Result<MatchRules, String> {
    let progcomp = specs.iter().any(|s| s.speaks(Protocol::Progcomp));
    let ruleset = ruleset.unwrap_or_else(|| {
        if progcomp {
            "classic"
        } else {
            "marsal_a_spion"
        }
        .to_string()
    });
    let (mut rules, name) = crate::load_ruleset(&ruleset)?;
    if progcomp {
        crate::progcomp::check_rules(&rules)?;
    }
    let mut rule_args = rule_args.clone();
    let turns_limit = max_turns.map(manager_plies).transpose()?;
    if let Some(limit) = turns_limit {
        rules.max_plies = limit;
    }
    if progcomp {
        // The 2012 manager's rules: a draw after 5000 turns, no chase rules.
        if turns_limit.is_none() && rule_args.max_plies.is_none() && rules.max_plies.is_none() {
            rules.max_plies = manager_plies(&MANAGER_MAX_TURNS.to_string())?;
        }
        rule_args.two_square = rule_args.two_square.or(Some("off".into()));
        rule_args.more_squares = rule_args.more_squares.or(Some("off".into()));
    }
    if turns_limit.is_some() {
        rule_args.apply_as_given(&mut rules)?;
    } else {
        // Every game ends: the ruleset's own limit, else the default.
        rule_args.apply(&mut rules)?;
    }
    let name = crate::protocol_name(name, &rules);
    Ok(MatchRules {
        rules,
        name,
        ruleset,
        progcomp,
    })
}

/// "score 55.5 of 100 for red (55.5 %), Elo difference +38 ± 68 (95 %: -30
/// to +107)" from the first program's wins, draws and losses; "…; no
/// losses: Elo ≥ -153 (95 %)" when it never lost. It fits 80 columns.
pub fn score_text(t: &Trinomial) -> String {
    use crate::stats::elo::elo_text;
    let e = t.estimate();
    let elo = if e.n == 0.0 {
        ", no Elo".to_string()
    } else if e.elo == f64::INFINITY {
        format!("; no losses: Elo ≥ {} (95 %)", elo_text(e.lower))
    } else if e.elo == f64::NEG_INFINITY {
        format!("; no wins: Elo ≤ {} (95 %)", elo_text(e.upper))
    } else {
        let interval = match (e.error(), e.lower.is_finite()) {
            (Some(err), _) => format!(
                "± {err:.0} (95 %: {} to {})",
                elo_text(e.lower),
                elo_text(e.upper)
            ),
            (None, true) => format!("(95 %: at least {})", elo_text(e.lower)),
            (None, false) => format!("(95 %: at most {})", elo_text(e.upper)),
        };
        format!(", Elo difference {} {interval}", elo_text(e.elo))
    };
    format!(
        "score {} of {} for red ({:.1} %){elo}",
        t.points(),
        t.games(),
        100.0 * e.score,
    )
}

/// The match's last lines: for more than one game, the first side's score
/// ([`score_text`]); then "red 51, blue 47, draws 2, forfeits 0" from the two
/// sides' wins, the draws, the forfeits and the games with no result.
fn result_line(
    wins: [u32; 2],
    draws: u32,
    forfeits: u32,
    no_result: u32,
    scores: &Trinomial,
) -> String {
    let mut last = String::new();
    if scores.games() > 1 {
        let _ = writeln!(last, "{}", score_text(scores));
    }
    let _ = write!(
        last,
        "red {}, blue {}, draws {draws}, forfeits {forfeits}",
        wins[0], wins[1]
    );
    if no_result > 0 {
        let _ = write!(last, ", no result {no_result} (both setups failed)");
    }
    last
}

/// The CPU time this process has used so far (all its threads, user and
/// system), where the system tells it.
fn cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage fills the struct it is given; it is zeroed (a valid
        // rusage) and read only when the call succeeds.
        #[allow(unsafe_code)]
        let usage = unsafe {
            if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
                return None;
            }
            usage.assume_init()
        };
        let tv = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.max(0) as u64)
                + Duration::from_micros(t.tv_usec.max(0) as u64)
        };
        Some(tv(usage.ru_utime) + tv(usage.ru_stime))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Runs `marsal match`.
pub fn run(o: Options) -> Result<(), String> {
    let specs = [
        SideSpec::parse(&o.sides[0], "--red", o.protocols[0], o.protocol)?,
        SideSpec::parse(&o.sides[1], "--blue", o.protocols[1], o.protocol)?,
    ];
    if o.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if o.time_per_move == 0 {
        return Err("--time-per-move must be at least 1 ms".into());
    }
    let MatchRules {
        rules,
        name,
        ruleset,
        progcomp,
    } = match_rules(
        o.ruleset.clone(),
        &specs,
        &o.rule_args,
        o.max_turns.as_deref(),
    )?;
    if let Some(dir) = &o.record {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let names = [specs[0].name(), specs[1].name()];
    let limit = crate::words::ply_limit(&rules);
    crate::outln!(
        "match: {} of {ruleset} ({limit}{})",
        count(o.games.into(), "game", "games"),
        if progcomp {
            ", the 2012 progcomp manager's rules"
        } else {
            ""
        }
    );
    let columns = crate::terminal::out_columns();
    crate::outln!(
        "{}",
        crate::words::wrap(
            &format!(
                "red  = {} ({}; Red in odd games, Blue in even ones)",
                o.sides[0],
                specs[0].describe()
            ),
            columns
        )
    );
    crate::outln!(
        "{}",
        crate::words::wrap(
            &format!(
                "blue = {} ({}; Blue in odd games, Red in even ones)",
                o.sides[1],
                specs[1].describe()
            ),
            columns
        )
    );
    let started = Instant::now();
    let cpu_start = cpu_time();
    let mut wins = [0u32; 2];
    let (mut draws, mut forfeits, mut no_result) = (0u32, 0u32, 0u32);
    let mut scores = Trinomial::default();
    let mut plies: u64 = 0;
    let mut referee_time = Duration::ZERO;
    let mut tsv = String::from(TSV_HEADER);
    let time_limit = Duration::from_millis(o.time_per_move);
    // A live line on a terminal, rewritten after each game; without one, a
    // line at each tenth of the games.
    let live = o.games > 1 && !o.verbose && std::io::stderr().is_terminal();
    let mut pace = crate::terminal::Pace::new(o.games as usize);
    let err_columns = crate::terminal::err_columns();
    // What each program learned of the other's setups (`--remember`).
    let mut memories = [marsal::SetupMemory::new(); 2];
    for i in 0..o.games {
        let n = i + 1;
        // Program index playing Red in this game.
        let red_program = (i % 2) as usize;
        let order = [red_program, 1 - red_program];
        // The game of this seed (the seed rule of a batch): its example
        // setups, and every built-in bot's setup and moves.
        let game_seed = marsal_host::batch_seed(o.seed, u64::from(i));
        let mut red = specs[order[0]].player(&rules, time_limit, o.bot_stderr, game_seed)?;
        let mut blue = specs[order[1]].player(&rules, time_limit, o.bot_stderr, game_seed)?;
        if o.remember {
            red.remember(memories[order[0]]);
            blue.remember(memories[order[1]]);
        }
        let game_names = [names[order[0]].as_str(), names[order[1]].as_str()];
        let played = run_game(
            &rules,
            &name,
            [red.as_mut(), blue.as_mut()],
            game_names,
            game_seed,
        )?;
        if o.remember {
            for (p, player) in [(order[0], &red), (order[1], &blue)] {
                if let Some(m) = player.memory() {
                    memories[p] = m;
                }
            }
        }
        drop((red, blue));
        let game_plies = played.game.position().ply();
        plies += u64::from(game_plies);
        referee_time += played.referee_time;
        let winner_program = played.ending.winner().map(|s| order[s.index()]);
        let both_failed = matches!(played.ending, Ending::BothSetupsFailed(_));
        match winner_program {
            Some(p) => wins[p] += 1,
            None if both_failed => no_result += 1,
            None => draws += 1,
        }
        if !both_failed {
            scores.add(match winner_program {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            });
        }
        let forfeit = matches!(
            played.ending,
            Ending::Forfeit { .. } | Ending::BothSetupsFailed(_)
        );
        if forfeit {
            forfeits += 1;
        }
        let label = ["red", "blue"];
        let words = played.ending.words();
        if o.verbose || forfeit || o.games == 1 {
            if live {
                eprint!("\r\x1b[K");
            }
            crate::outln!(
                "{}",
                crate::words::wrap(
                    &format!(
                        "game {n}: {} as Red, {} as Blue: {words} ({})",
                        label[order[0]],
                        label[order[1]],
                        count(game_plies.into(), "ply", "plies")
                    ),
                    columns
                )
            );
        }
        if o.games > 1 && !o.verbose && (live || pace.due(n as usize)) {
            let score = if scores.games() > 0 {
                let e = scores.estimate();
                format!(", red {:.1} %, {}", 100.0 * e.score, e.short_text())
            } else {
                String::new()
            };
            let line = crate::terminal::fit(
                &format!(
                    "game {n} of {}: red {}, blue {}, draws {draws}{score}",
                    o.games, wins[0], wins[1]
                ),
                err_columns,
            );
            if live {
                eprint!("\r\x1b[K{line}");
                if n == o.games {
                    eprintln!();
                }
            } else {
                eprintln!("{line}");
            }
        }
        tsv.push_str(&tsv_line(n, &played, game_names));
        if let Some(dir) = &o.record {
            record_game(dir, n, &rules, &played, game_names)?;
        }
    }
    if let Some(dir) = &o.record {
        let path = dir.join("results.tsv");
        std::fs::write(&path, &tsv).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let per_move = if plies > 0 {
        referee_time.as_secs_f64() * 1e6 / plies as f64
    } else {
        0.0
    };
    let cpu = match (cpu_start, cpu_time()) {
        (Some(a), Some(b)) if plies > 0 => format!(
            ", CPU {:.1} µs",
            b.saturating_sub(a).as_secs_f64() * 1e6 / plies as f64
        ),
        _ => String::new(),
    };
    crate::outln!(
        "{} in {:.1} s; the referee's own time: {per_move:.1} µs per move{cpu}",
        count(plies, "move", "moves"),
        started.elapsed().as_secs_f64(),
    );
    crate::outln!("{}", result_line(wins, draws, forfeits, no_result, &scores));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_line_names_the_elo_difference_or_an_unbounded_interval() {
        let even = Trinomial {
            wins: 1,
            draws: 2,
            losses: 1,
        };
        let t = score_text(&even);
        assert!(
            t.starts_with("score 2 of 4 for red (50.0 %), Elo difference 0 ± "),
            "{t}"
        );
        let sweep = Trinomial {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(
            score_text(&sweep),
            "score 3 of 3 for red (100.0 %); no losses: Elo ≥ -154 (95 %)"
        );
        let lost = Trinomial {
            wins: 0,
            draws: 0,
            losses: 1000,
        };
        let t = score_text(&lost);
        assert!(
            t.starts_with("score 0 of 1000 for red (0.0 %); no wins: Elo ≤ "),
            "{t}"
        );
        assert!(t.chars().count() <= 80, "{t}");
    }

    #[test]
    fn the_readmes_sample_result_line_is_the_programs_own() {
        let scores = Trinomial {
            wins: 51,
            draws: 2,
            losses: 47,
        };
        let line = result_line([51, 47], 2, 0, 0, &scores);
        let heading = "## `marsal match`";
        let shown = crate::doc_blocks::doc_block("marsal-cli/README.md", heading, "text", 1);
        assert_eq!(
            shown.trim_end(),
            line,
            "the sample result line under \"## `marsal match`\" of marsal-cli/README.md \
             is not what `marsal match` prints for 51 wins, 47 losses, 2 draws, 0 forfeits"
        );
    }

    #[test]
    fn the_result_line_counts_games_with_no_result_and_scores_only_several_games() {
        let one = Trinomial {
            wins: 0,
            draws: 0,
            losses: 1,
        };
        assert_eq!(
            result_line([0, 1], 0, 1, 1, &one),
            "red 0, blue 1, draws 0, forfeits 1, no result 1 (both setups failed)"
        );
    }

    #[test]
    fn the_managers_5000_turns_are_9998_plies() {
        assert_eq!(manager_plies("5000"), Ok(Some(9998)));
        assert_eq!(manager_plies("2"), Ok(Some(2)));
        assert_eq!(manager_plies("inf"), Ok(None));
        assert!(manager_plies("1").is_err());
        assert!(manager_plies("many").is_err());
    }
}
