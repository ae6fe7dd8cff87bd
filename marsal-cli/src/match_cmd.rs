//! `marsal match`: two bot programs play N games, colours alternating.

use crate::Protocol;
use crate::progcomp::{self, ProgcompBot};
use crate::proto::MarsalBot;
use crate::referee::{Ending, Played, Player, run_game};
use crate::words::count;
use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
use marsal::{DrawReason, Geometry, Ruleset, Side, Status, WinReason};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The options of `marsal match`.
pub struct Options {
    pub ruleset: String,
    /// The two programs: `--red` first, `--blue` second.
    pub programs: [String; 2],
    pub games: u32,
    pub time_per_move: u64,
    pub protocol: Protocol,
    pub record: Option<PathBuf>,
    pub seed: u64,
    pub rule_args: crate::RuleArgs,
    pub bot_stderr: bool,
    pub verbose: bool,
}

/// A short name for a command: the file name of its last word.
fn short_name(cmd: &str) -> String {
    let words = crate::child::split_command(cmd).unwrap_or_default();
    let last = words.last().map_or("bot", String::as_str);
    let name = last.rsplit('/').next().unwrap_or(last);
    name.chars().filter(|c| !c.is_whitespace()).collect()
}

fn spawn(o: &Options, cmd: &str) -> Result<Box<dyn Player>, String> {
    let limit = Duration::from_millis(o.time_per_move);
    Ok(match o.protocol {
        Protocol::Marsal => Box::new(MarsalBot::spawn(cmd, limit, o.bot_stderr)?),
        Protocol::Progcomp => Box::new(ProgcompBot::spawn(cmd, limit, o.bot_stderr)?),
    })
}

/// Classic or Barrage for Gravon, by the board and the armies.
fn gravon_kind(rules: &Ruleset) -> Option<GravonKind> {
    if rules.board != Geometry::classic() {
        return None;
    }
    if rules.armies == Ruleset::classic().armies {
        Some(GravonKind::Classic)
    } else if rules.armies == Ruleset::barrage().armies {
        Some(GravonKind::Barrage)
    } else {
        None
    }
}

/// The Gravon result element for an ending.
fn gravon_result(ending: &Ending) -> GravonResult {
    let winner = ending.winner();
    let code = match ending {
        Ending::Rules(Status::Won { reason, .. }) => match reason {
            WinReason::FlagCaptured => gravon::FLAG_CAPTURED,
            WinReason::OpponentCannotMove => gravon::OPPONENT_CANNOT_MOVE,
        },
        Ending::Rules(Status::Drawn {
            reason: DrawReason::NeitherCanMove,
        }) => gravon::NEITHER_CAN_MOVE,
        // Other draws: Gravon's nearest code is "draw agreed".
        Ending::Rules(_) => 4,
        // Resignation or forfeit.
        Ending::Forfeit { .. } | Ending::Resigned(_) => 3,
    };
    GravonResult { code, winner }
}

fn record_game(
    dir: &std::path::Path,
    n: u32,
    rules: &Ruleset,
    played: &Played,
) -> Result<(), String> {
    let json = serde_json::to_string(&played.game).map_err(|e| format!("game {n}: {e}"))?;
    let path = dir.join(format!("game-{n:03}.json"));
    std::fs::write(&path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(kind) = gravon_kind(rules) {
        let start = played.game.start_position();
        let setup = |side: Side| marsal::Setup::from_pieces(side, start.pieces(side));
        let (Ok(red), Ok(blue)) = (setup(Side::Red), setup(Side::Blue)) else {
            return Err(format!("game {n}: cannot read the setups back"));
        };
        let g = GravonGame {
            kind,
            red,
            blue,
            moves: played.game.moves().collect(),
            result: Some(gravon_result(&played.ending)),
        };
        let path = dir.join(format!("game-{n:03}.xml"));
        std::fs::write(&path, gravon::to_xml(&g))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// `+12`, `-3`, `+inf`.
fn elo_text(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        let r = x.round();
        if r == 0.0 {
            "0".into()
        } else {
            format!("{r:+.0}")
        }
    }
}

/// The Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// "score 55.5 of 100 (55.5 %), Elo difference +38 (95 % interval -30 to +107)"
/// from the first program's per-game scores (1, 0.5 or 0).
pub fn score_text(scores: &[f64]) -> String {
    let n = scores.len() as f64;
    let total: f64 = scores.iter().sum();
    let mean = total / n;
    let var = scores.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    format!(
        "score {total} of {} for red ({:.1} %), Elo difference {} (95 % interval {} to {})",
        scores.len(),
        100.0 * mean,
        elo_text(elo(mean)),
        elo_text(elo(mean - 1.96 * se)),
        elo_text(elo(mean + 1.96 * se)),
    )
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
    let (mut rules, name) = crate::load_ruleset(&o.ruleset)?;
    if o.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if o.time_per_move == 0 {
        return Err("--time-per-move must be at least 1 ms".into());
    }
    if o.protocol == Protocol::Progcomp {
        progcomp::check_rules(&rules)?;
    }
    let mut rule_args = o.rule_args.clone();
    if o.protocol == Protocol::Progcomp {
        // The 2012 manager's rules: a draw after 5000 turns, no chase rules.
        rule_args.max_plies = rule_args.max_plies.or(rules.max_plies).or(Some(5000));
        rule_args.two_square = rule_args.two_square.or(Some("off".into()));
        rule_args.more_squares = rule_args.more_squares.or(Some("off".into()));
    }
    rule_args.apply(&mut rules)?;
    let name = if name != "custom" && Ruleset::preset(&name).as_ref() != Some(&rules) {
        "custom".to_string()
    } else {
        name
    };
    if let Some(dir) = &o.record {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let names = [short_name(&o.programs[0]), short_name(&o.programs[1])];
    crate::outln!(
        "match: {} of {} over the {} protocol",
        count(o.games.into(), "game", "games"),
        o.ruleset,
        match o.protocol {
            Protocol::Marsal => "marsal",
            Protocol::Progcomp => "progcomp",
        }
    );
    crate::outln!(
        "red  = {} (plays Red in odd games, Blue in even ones)",
        o.programs[0]
    );
    crate::outln!(
        "blue = {} (plays Blue in odd games, Red in even ones)",
        o.programs[1]
    );
    let started = Instant::now();
    let cpu_start = cpu_time();
    let mut wins = [0u32; 2];
    let mut draws = 0u32;
    let mut forfeits = 0u32;
    let mut scores = Vec::new();
    let mut plies: u64 = 0;
    let mut referee_time = Duration::ZERO;
    let mut tsv = String::from("game\tRed\tBlue\twinning program\tending\tplies\n");
    for i in 0..o.games {
        let n = i + 1;
        // Program index playing Red in this game.
        let red_program = (i % 2) as usize;
        let order = [red_program, 1 - red_program];
        let mut red = spawn(&o, &o.programs[order[0]])?;
        let mut blue = spawn(&o, &o.programs[order[1]])?;
        let played = run_game(
            &rules,
            &name,
            [red.as_mut(), blue.as_mut()],
            [&names[order[0]], &names[order[1]]],
            o.seed.wrapping_add(u64::from(i)),
        )?;
        drop((red, blue));
        let game_plies = played.game.position().ply();
        plies += u64::from(game_plies);
        referee_time += played.referee_time;
        let winner_program = played.ending.winner().map(|s| order[s.index()]);
        match winner_program {
            Some(p) => wins[p] += 1,
            None => draws += 1,
        }
        scores.push(match winner_program {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
        if let Ending::Forfeit { .. } = played.ending {
            forfeits += 1;
        }
        let label = ["red", "blue"];
        let who = winner_program.map_or("draw", |p| label[p]);
        let words = played.ending.words();
        if o.verbose || matches!(played.ending, Ending::Forfeit { .. }) {
            crate::outln!(
                "game {n}: {} as Red, {} as Blue: {words} ({})",
                label[order[0]],
                label[order[1]],
                count(game_plies.into(), "ply", "plies")
            );
        }
        let _ = writeln!(
            tsv,
            "{n}\t{}\t{}\t{who}\t{}\t{game_plies}",
            o.programs[order[0]],
            o.programs[order[1]],
            crate::referee::one_line(&words)
        );
        if let Some(dir) = &o.record {
            record_game(dir, n, &rules, &played)?;
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
            ", CPU {:.1} µs per move",
            b.saturating_sub(a).as_secs_f64() * 1e6 / plies as f64
        ),
        _ => String::new(),
    };
    crate::outln!(
        "{} in {:.1} s; the referee's own time: {per_move:.1} µs per move (wall time less \
         waiting for the bots){cpu}",
        count(plies, "move", "moves"),
        started.elapsed().as_secs_f64(),
    );
    let mut last = format!(
        "red {}, blue {}, draws {draws}, forfeits {forfeits}",
        wins[0], wins[1]
    );
    if o.games > 1 {
        let _ = write!(last, "; {}", score_text(&scores));
    }
    crate::outln!("{last}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert_eq!(elo(1.0), f64::INFINITY);
        let t = score_text(&[1.0, 0.0, 0.5, 0.5]);
        assert!(
            t.starts_with("score 2 of 4 for red (50.0 %), Elo difference 0 "),
            "{t}"
        );
    }

    #[test]
    fn short_names() {
        assert_eq!(
            short_name("python3 examples/bots/random_bot.py"),
            "random_bot.py"
        );
        assert_eq!(short_name("python3 '/a b/c d.py'"), "cd.py");
    }
}
