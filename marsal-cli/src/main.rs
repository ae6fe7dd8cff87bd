//! `marsal`, the program: play *Maršál a špión*, classic Stratego or Barrage in
//! the terminal, referee matches between bot programs written in any language,
//! and watch two built-in bots play.
//!
//! ```text
//! marsal selfplay [--ruleset R] [--seed N] [--every N] [--quiet] [--red BOT] [--blue BOT] [--nodes N]
//! marsal play --ruleset R --as red|blue [--opponent search|careful|random|CMD]
//! marsal match --red SIDE --blue SIDE [--ruleset R] [--games N] [--time-per-move MS]
//!              [--protocol marsal|progcomp] [--red-protocol P] [--blue-protocol P]
//!              [--max-turns N|inf] [--record DIR] [--seed S]
//! marsal tournament SIDE SIDE [SIDE…] [--gauntlet] [--games N] [--concurrency N]
//!              [--setups sensible|random|BOOK|GRAVON] [--sprt elo0=… elo1=… alpha=… beta=…]
//!              [--shard I/N] [--results FILE] [--record DIR] [--seed S] …
//! marsal tournament merge FILE…
//! marsal tournament book [--ruleset R] [--from SOURCE] [--pairs N] [--seed S]
//! marsal bot random|careful|search [--nodes N] [--time MS|auto]
//! marsal render RECORD [--ply N] [--as red|blue|referee] -o FILE.svg|FILE.png
//! marsal render RECORD --animate [--from N] [--to N] [--as …] -o FILE.gif
//!
//! SIDE: a command, progcomp:COMMAND, marsal:COMMAND or builtin:NAME.
//! ```

/// `println!` that ignores a closed standard output (`marsal match | head`)
/// instead of panicking.
#[macro_export]
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

mod bots;
mod child;
mod clock;
#[cfg(test)]
#[path = "../../tests/common/doc_blocks.rs"]
mod doc_blocks;
mod join;
mod match_cmd;
mod match_record;
mod participant;
mod play;
mod progcomp;
mod proto;
mod referee;
mod render_cmd;
mod results_file;
mod schedule;
mod selfplay;
mod setup_book;
mod sides;
mod standings;
mod stats;
mod terminal;
mod tournament;
mod words;

use clap::{Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand, ValueEnum};
use marsal::{Ruleset, Side};
use std::process::ExitCode;

/// marsal: Maršál a špión, classic Stratego and Barrage, refereed by the
/// marsal rules library.
#[derive(Parser)]
#[command(name = "marsal", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Which side.
#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    Red,
    Blue,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::Red => Side::Red,
            SideArg::Blue => Side::Blue,
        }
    }
}

/// A bot protocol.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Debug)]
pub enum Protocol {
    /// The marsal protocol (docs/protocol.md), for every ruleset.
    Marsal,
    /// The protocol of the UCC Programming Competition 2012 manager (classic and
    /// barrage only). When a side speaks it, the match follows that manager:
    /// the ruleset is classic unless --ruleset says otherwise; a draw after
    /// 5000 turns (9,998 plies; --max-turns, --max-plies); no two-square and no
    /// more-squares rule; the opponent's name is its command as given; a move
    /// is repeated word for word as its bot wrote it; two bad setups leave no
    /// winner; QUIT carries the manager's result line.
    Progcomp,
}

impl Protocol {
    /// `marsal` or `progcomp`, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Marsal => "marsal",
            Protocol::Progcomp => "progcomp",
        }
    }
}

/// Checks a built-in bot's name against [`marsal_host::BOTS`].
fn builtin_name(name: &str) -> Result<String, String> {
    match bots::Builtin::parse(name) {
        Ok(_) => Ok(name.to_string()),
        Err(marsal_host::BotError::Unknown { .. }) => Err(format!(
            "no built-in bot is called {name:?} (the built-in bots: {})",
            bots::Builtin::names().collect::<Vec<_>>().join(", ")
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// Changes to the ruleset's options.
#[derive(Args, Clone, Default)]
pub struct RuleArgs {
    /// A draw after N plies (a ply is a move of one side), or `inf` for no
    /// limit. Default: the ruleset's own limit, else 3,000 plies (with a
    /// progcomp side, the 2012 manager's 9,998), so that every game ends.
    #[arg(long, value_name = "N|inf", value_parser = PlyLimit::parse)]
    pub max_plies: Option<PlyLimit>,
    /// The two-square rule: a number (3 is the ISF rule) or `off`.
    #[arg(long, value_name = "N|off")]
    pub two_square: Option<String>,
    /// The more-squares (continuous-chase) rule: `on` or `off`.
    #[arg(long, value_name = "on|off")]
    pub more_squares: Option<String>,
}

/// `--max-plies N|inf`: a limit, or `None` for none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlyLimit(pub Option<u32>);

impl PlyLimit {
    /// Reads `N` (at least 1) or `inf`.
    pub fn parse(text: &str) -> Result<PlyLimit, String> {
        if text == "inf" {
            return Ok(PlyLimit(None));
        }
        match text.parse::<u32>() {
            Ok(0) => Err("a game needs at least 1 ply (or inf for no limit)".into()),
            Ok(n) => Ok(PlyLimit(Some(n))),
            Err(_) => Err(format!("{text:?} is neither a number of plies nor inf")),
        }
    }
}

impl RuleArgs {
    /// Applies the changes to `rules`; without `--max-plies`, a ruleset with
    /// no limit of its own gets [`Ruleset::DEFAULT_MAX_PLIES`] (see
    /// [`RuleArgs::apply_as_given`] for the changes alone).
    pub fn apply(&self, rules: &mut Ruleset) -> Result<(), String> {
        self.apply_as_given(rules)?;
        if self.max_plies.is_none() {
            *rules = rules.ending();
        }
        Ok(())
    }

    /// Applies the changes given and nothing else.
    pub fn apply_as_given(&self, rules: &mut Ruleset) -> Result<(), String> {
        if let Some(PlyLimit(n)) = self.max_plies {
            rules.max_plies = n;
        }
        if let Some(t) = &self.two_square {
            rules.two_square = match t.as_str() {
                "off" => None,
                n => Some(
                    n.parse()
                        .map_err(|_| format!("--two-square: {n:?} is neither a number nor off"))?,
                ),
            };
        }
        if let Some(m) = &self.more_squares {
            rules.more_squares = match m.as_str() {
                "on" => true,
                "off" => false,
                m => return Err(format!("--more-squares: {m:?} is neither on nor off")),
            };
        }
        rules.validate().map_err(|e| e.to_string())
    }
}

#[derive(Subcommand)]
enum Command {
    /// Two built-in bots play a game: the setups, every fight in words, the
    /// board every N plies (--every) and how the game ended.
    Selfplay {
        /// marsal_a_spion, classic, barrage, or a ruleset JSON file.
        #[arg(long, default_value = "marsal_a_spion")]
        ruleset: String,
        /// Seed of the setups and the bots' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the board every N plies (0: only at the start and the end).
        #[arg(long, default_value_t = 100)]
        every: u32,
        /// Print only the start, the end and the summary.
        #[arg(long)]
        quiet: bool,
        /// Red's bot: search, careful or random (search:N, a budget of N nodes;
        /// search:time=MS, MS milliseconds a move; search:nodes=N,time=MS).
        #[arg(long, default_value = "search", value_parser = builtin_name)]
        red: String,
        /// Blue's bot.
        #[arg(long, default_value = "careful", value_parser = builtin_name)]
        blue: String,
        /// The search bots' node budget a move.
        #[arg(long)]
        nodes: Option<u32>,
        #[command(flatten)]
        rule_args: RuleArgs,
    },
    /// Play against a built-in bot or a bot program, in the terminal.
    Play {
        /// marsal_a_spion, classic, barrage, or a ruleset JSON file.
        #[arg(long, default_value = "marsal_a_spion")]
        ruleset: String,
        /// The side you play.
        #[arg(long = "as", value_enum, default_value = "red")]
        side: SideArg,
        /// search (the search bot; search:N for a budget of N nodes a move,
        /// search:time=MS for MS milliseconds), careful, random, or the command of a program speaking the marsal
        /// protocol.
        #[arg(long, default_value = "search")]
        opponent: String,
        /// Your setup as setup text (default: a sensible setup, Flag at the
        /// back behind its Mines or Bombs).
        #[arg(long)]
        setup: Option<String>,
        /// Seed of the random setups and the built-in bot.
        #[arg(long)]
        seed: Option<u64>,
        /// Time limit for a bot program's answer, in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        time_per_move: u64,
        /// Take a seat of a game on a game server (`marsal serve`) by its
        /// invitation link, `http://HOST/#game=ID&seat=SIDE&secret=SECRET`:
        /// the server's rules, side and opponent replace --ruleset, --as and
        /// --opponent.
        #[arg(long, value_name = "LINK")]
        join: Option<String>,
        /// With --join: the seat is played by this program speaking the
        /// marsal bot protocol (docs/protocol.md), not by you.
        #[arg(long, value_name = "CMD", requires = "join")]
        bot: Option<String>,
        #[command(flatten)]
        rule_args: RuleArgs,
    },
    /// Referee a match between two bots: programs speaking the marsal or the
    /// progcomp protocol, or built-in bots, in any pairing.
    Match {
        /// marsal_a_spion, classic, barrage, or a ruleset JSON file (default:
        /// classic when a side speaks progcomp, else marsal_a_spion).
        #[arg(long)]
        ruleset: Option<String>,
        /// The first side (Red in odd games, Blue in even ones): a program's
        /// command (it speaks --red-protocol, else --protocol),
        /// `progcomp:COMMAND` or `marsal:COMMAND` (the protocol named), or
        /// `builtin:NAME`, a built-in bot (builtin:random, builtin:careful,
        /// builtin:search, builtin:search:N for N nodes a move,
        /// builtin:search:time=MS for MS milliseconds a move,
        /// builtin:search:nodes=N,time=MS for whichever ends first).
        #[arg(long, value_name = "SIDE")]
        red: String,
        /// The second side (Blue in odd games, Red in even ones), as --red.
        #[arg(long, value_name = "SIDE")]
        blue: String,
        /// Number of games; colours alternate.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// Time limit for each answer, in milliseconds (setups: ten times as
        /// much, at least 5 s).
        #[arg(long, default_value_t = 2000)]
        time_per_move: u64,
        /// The protocol of a program whose side names none.
        #[arg(long, value_enum, default_value = "marsal")]
        protocol: Protocol,
        /// The protocol of the --red program: marsal or progcomp (see
        /// --protocol).
        #[arg(long, value_enum, hide_possible_values = true)]
        red_protocol: Option<Protocol>,
        /// The protocol of the --blue program: marsal or progcomp (see
        /// --protocol).
        #[arg(long, value_enum, hide_possible_values = true)]
        blue_protocol: Option<Protocol>,
        /// A draw after N turns in the progcomp manager's meaning (its -m: a
        /// turn is a move of each side and the game stops before turn N, so
        /// 5000, its default, is 9,998 plies), or `inf` for no limit.
        #[arg(long, value_name = "N|inf", conflicts_with = "max_plies")]
        max_turns: Option<String>,
        /// Write each game here: game-N.json (Game JSON with a `result`
        /// member: the sides, the winner, the ending, a forfeit's answer),
        /// game-N.xml (Gravon XML, classic and barrage, with an <ending>
        /// element) and results.tsv (the winning program's command a game).
        #[arg(long)]
        record: Option<std::path::PathBuf>,
        /// Seed of the example setups.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Rule changes. When a side speaks progcomp the defaults are the 2012
        /// manager's rules: --max-turns 5000 (9,998 plies) --two-square off
        /// --more-squares off.
        #[command(flatten)]
        rule_args: RuleArgs,
        /// Pass the bots' standard error through (default: discarded).
        #[arg(long)]
        bot_stderr: bool,
        /// A built-in search bot remembers, from game to game of the match,
        /// what it was shown of its opponent's setups, and believes them
        /// (marsal::SetupMemory; by default each game starts afresh).
        #[arg(long)]
        remember: bool,
        /// Print one line for each game.
        #[arg(long)]
        verbose: bool,
    },
    /// Referee a tournament: round robin or gauntlet between any sides
    /// `match` takes, games in parallel, paired setups with colours swapped,
    /// Elo with 95 % intervals, an SPRT, shards and merge.
    Tournament(Box<TournamentArgs>),
    /// Draw a recorded game (Game JSON or Gravon XML, as `match --record`
    /// writes them): one ply as SVG or PNG, or plies as an animated GIF.
    Render {
        /// The record: a Game JSON or a Gravon XML file.
        record: std::path::PathBuf,
        /// The position after this many moves (default: the last).
        #[arg(long)]
        ply: Option<u32>,
        /// Whose view: red, blue or referee (every piece shown, a white dot
        /// on those the opponent knows).
        #[arg(
            long = "as",
            value_name = "red|blue|referee",
            default_value = "referee"
        )]
        viewer: String,
        /// The file to write: .svg, .png, or .gif with --animate.
        #[arg(short, long, value_name = "FILE")]
        output: std::path::PathBuf,
        /// An animated GIF, a frame per ply, fights held longer.
        #[arg(long)]
        animate: bool,
        /// The first ply of the animation (default 0, the setups).
        #[arg(long, requires = "animate")]
        from: Option<u32>,
        /// The last ply of the animation (default: the end).
        #[arg(long, requires = "animate")]
        to: Option<u32>,
        /// Pixels per square (8 to 256).
        #[arg(long, value_name = "PX", default_value_t = marsal_render::DEFAULT_SQUARE)]
        size: u32,
        /// The side at the bottom, red or blue (default: the viewer's; Red
        /// for the referee).
        #[arg(long, value_name = "red|blue")]
        bottom: Option<String>,
        /// Leave out the file letters and rank numbers.
        #[arg(long)]
        no_coordinates: bool,
        /// Milliseconds an animation frame stays (three times as long after
        /// a fight).
        #[arg(long, value_name = "MS", default_value_t = 400)]
        frame_ms: u32,
    },
    /// Run a built-in bot on the marsal protocol over stdin/stdout (for `match`).
    Bot {
        /// The bot: random, careful or search.
        #[arg(value_parser = builtin_name)]
        kind: String,
        /// Seed of its choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The search bot's node budget a move (about 10 ms for 20,000).
        #[arg(long)]
        nodes: Option<u32>,
        /// The search bot's time a move: MS milliseconds, or `auto` for a
        /// share of the time the referee announces (half of it, less 50 ms).
        /// Without --nodes the time alone limits the search.
        #[arg(long, value_name = "MS|auto", value_parser = proto::MoveTime::parse)]
        time: Option<proto::MoveTime>,
    },
    /// The game server: games over WebSockets, the referee keeping both
    /// armies and each seat getting only its own view; games kept in
    /// SQLite (or Postgres) so that a restart resumes them (docs/server.md).
    Serve(marsal_server::Options),
}

/// `marsal tournament`: a run, or `merge` / `book`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct TournamentArgs {
    #[command(subcommand)]
    action: Option<TournamentAction>,
    #[command(flatten)]
    run: TournamentRun,
}

/// What `marsal tournament` does besides running one.
#[derive(Subcommand)]
enum TournamentAction {
    /// Recompute the tables from results files (the shards of one
    /// tournament, joined).
    Merge {
        /// Results files (--results) of one tournament.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Write a setup book (a pair of setups a line, Red's then Blue's, in
    /// setup text) to standard output.
    Book {
        /// marsal_a_spion, classic, barrage, or a ruleset JSON file.
        #[arg(long, default_value = "marsal_a_spion")]
        ruleset: String,
        /// sensible, random, a book, a Gravon XML file or a folder of them.
        #[arg(long, default_value = "sensible")]
        from: String,
        /// Pairs to write (default: all of a book, else 100).
        #[arg(long)]
        pairs: Option<u32>,
        /// Seed of sensible and random setups.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// The options of a tournament run.
#[derive(Args)]
struct TournamentRun {
    /// The participants (at least two), each a side as `match` takes it: a
    /// program's command, `progcomp:COMMAND`, `marsal:COMMAND`, or
    /// `builtin:NAME` (builtin:random, builtin:careful, builtin:search,
    /// builtin:search:N).
    #[arg(value_name = "SIDE")]
    participants: Vec<String>,
    /// A participant with a name, a working folder and limits, as words up
    /// to the next option: `cmd=SIDE` (needed), `name=NAME` (in the tables
    /// and to its opponents), `proto=marsal|progcomp`, `dir=FOLDER` (a
    /// program's working folder), `tc=SECONDS+INCREMENT` (a program's clock
    /// for each game: its answers' limit is the time left, the increment is
    /// added after each move, and a program whose clock runs out forfeits on
    /// time), `st=MS` (a program's limit for each answer, else
    /// --time-per-move). `--bot` participants follow the SIDEs, in order.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    bot: Vec<String>,
    /// The first participant against each of the others (default: a round
    /// robin, every participant against every other).
    #[arg(long)]
    gauntlet: bool,
    /// Games a pairing: an even number, in pairs that play the same two
    /// setups with colours swapped.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Games played at once, each in a thread of its own (each bot program
    /// has its own time); default: the number of cores.
    #[arg(long)]
    concurrency: Option<usize>,
    /// marsal_a_spion, classic, barrage, or a ruleset JSON file (default:
    /// classic when a side speaks progcomp, else marsal_a_spion).
    #[arg(long)]
    ruleset: Option<String>,
    /// Time limit for each answer of a program, in milliseconds (setups: ten
    /// times as much, at least 5 s).
    #[arg(long, default_value_t = 2000)]
    time_per_move: u64,
    /// The protocol of a program whose side names none.
    #[arg(long, value_enum, default_value = "marsal")]
    protocol: Protocol,
    /// A draw after N turns in the progcomp manager's meaning, or `inf`.
    #[arg(long, value_name = "N|inf", conflicts_with = "max_plies")]
    max_turns: Option<String>,
    #[command(flatten)]
    rule_args: RuleArgs,
    /// The setups of each pair of games: `sensible` (a sensible pair a round,
    /// from the seed), `random`, a setup book (a pair a line: Red's setup
    /// and Blue's in setup text), a Gravon XML game or a folder of them.
    /// Built-in bots play them; a program is offered them as its example.
    #[arg(long, default_value = "sensible")]
    setups: String,
    /// Seed of the setups and the built-in bots' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A sequential test of the first participant against the second:
    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05` (logistic Elo); the tournament
    /// stops when the log-likelihood ratio leaves its bounds.
    #[arg(long, num_args = 1..=4, value_name = "NAME=VALUE")]
    sprt: Option<Vec<String>>,
    /// Play only the I-th of N disjoint slices (the same games as in the
    /// whole run); join the results with `marsal tournament merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Write each game's result here (JSON lines; the first describes the
    /// tournament), for `marsal tournament merge`.
    #[arg(long)]
    results: Option<std::path::PathBuf>,
    /// Go on with a stopped run: FILE is its results file (--results, or a
    /// shard's), the other options those it was started with. The games it
    /// lacks are played and appended; the tables are those of a run never
    /// stopped.
    #[arg(long, value_name = "FILE", conflicts_with = "results")]
    resume: Option<std::path::PathBuf>,
    /// Print the full tables every N games (standard output), as well as at
    /// the end.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    table_every: Option<u32>,
    /// Write each game here as `marsal match --record` does (and the
    /// results file, results.jsonl, unless --results names another).
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Pass the bots' standard error through (default: discarded).
    #[arg(long)]
    bot_stderr: bool,
    /// Print a line for each game.
    #[arg(long)]
    verbose: bool,
    /// No progress lines.
    #[arg(long)]
    quiet: bool,
}

/// A preset name or a JSON file; returns the rules and the name the protocol
/// sends.
pub fn load_ruleset(name: &str) -> Result<(Ruleset, String), String> {
    if let Some(r) = Ruleset::preset(name) {
        return Ok((r, name.to_string()));
    }
    let text = std::fs::read_to_string(name).map_err(|e| {
        format!(
            "{name:?} is neither a preset ({}) nor a readable file: {e}",
            Ruleset::PRESETS.join(", ")
        )
    })?;
    let rules: Ruleset =
        serde_json::from_str(&text).map_err(|e| format!("{name}: not a ruleset: {e}"))?;
    rules
        .validate()
        .map_err(|e| format!("{name}: an inconsistent ruleset: {e}"))?;
    Ok((rules, "custom".into()))
}

/// The name the marsal protocol sends for `rules` loaded as `name`: the
/// preset's while the rules are still the preset's, else `custom` (the whole
/// ruleset goes with it, a ply limit included).
pub fn protocol_name(name: String, rules: &Ruleset) -> String {
    if name != "custom" && Ruleset::preset(&name).as_ref() != Some(rules) {
        "custom".to_string()
    } else {
        name
    }
}

/// The words of each `--bot` of `marsal tournament`, one group an
/// occurrence.
fn bot_groups(matches: &clap::ArgMatches) -> Vec<Vec<String>> {
    matches
        .subcommand_matches("tournament")
        .and_then(|t| t.get_occurrences::<String>("bot"))
        .map(|o| o.map(|words| words.cloned().collect()).collect())
        .unwrap_or_default()
}

fn main() -> ExitCode {
    // --help wrapped to the terminal's width, or to 80 columns without one.
    let matches = Cli::command()
        .term_width(terminal::stdout_width())
        .get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Selfplay {
            ruleset,
            seed,
            every,
            quiet,
            red,
            blue,
            nodes,
            rule_args,
        } => selfplay::run(selfplay::Options {
            ruleset: &ruleset,
            rule_args,
            seed,
            every,
            quiet,
            bots: [&red, &blue].map(|b| {
                bots::Builtin::from_name(b)
                    .unwrap_or(bots::Builtin::Careful)
                    .with_nodes(nodes)
            }),
        }),
        Command::Play {
            ruleset,
            side,
            opponent,
            setup,
            seed,
            time_per_move,
            join,
            bot,
            rule_args,
        } => play::run(play::Options {
            ruleset,
            side: side.into(),
            opponent,
            setup,
            seed,
            time_per_move,
            join,
            bot,
            rule_args,
        }),
        Command::Match {
            ruleset,
            red,
            blue,
            games,
            time_per_move,
            protocol,
            red_protocol,
            blue_protocol,
            max_turns,
            record,
            seed,
            rule_args,
            bot_stderr,
            remember,
            verbose,
        } => match_cmd::run(match_cmd::Options {
            ruleset,
            sides: [red, blue],
            protocols: [red_protocol, blue_protocol],
            protocol,
            games,
            time_per_move,
            record,
            seed,
            rule_args,
            max_turns,
            bot_stderr,
            remember,
            verbose,
        }),
        Command::Tournament(t) => match t.action {
            Some(TournamentAction::Merge { files }) => tournament::merge(&files),
            Some(TournamentAction::Book {
                ruleset,
                from,
                pairs,
                seed,
            }) => tournament::book(&ruleset, &from, pairs, seed),
            None => {
                let r = t.run;
                tournament::run(tournament::Options {
                    participants: r.participants,
                    bots: bot_groups(&matches),
                    gauntlet: r.gauntlet,
                    games: r.games,
                    concurrency: r.concurrency,
                    ruleset: r.ruleset,
                    time_per_move: r.time_per_move,
                    protocol: r.protocol,
                    max_turns: r.max_turns,
                    rule_args: r.rule_args,
                    setups: r.setups,
                    seed: r.seed,
                    sprt: r.sprt,
                    shard: r.shard,
                    results: r.results,
                    resume: r.resume,
                    table_every: r.table_every,
                    record: r.record,
                    bot_stderr: r.bot_stderr,
                    verbose: r.verbose,
                    quiet: r.quiet,
                })
            }
        },
        Command::Render {
            record,
            ply,
            viewer,
            output,
            animate,
            from,
            to,
            size,
            bottom,
            no_coordinates,
            frame_ms,
        } => render_cmd::run(render_cmd::Options {
            record,
            ply,
            viewer,
            output,
            animate,
            from,
            to,
            square: size,
            bottom,
            no_coordinates,
            frame_ms,
        }),
        Command::Bot {
            kind,
            seed,
            nodes,
            time,
        } => {
            let bot = bots::Builtin::from_name(&kind).unwrap_or(bots::Builtin::Random);
            proto::run_client(proto::Budget { bot, nodes, time }, seed)
        }
        Command::Serve(options) => marsal_server::serve(options),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("marsal: {e}");
            ExitCode::FAILURE
        }
    }
}
