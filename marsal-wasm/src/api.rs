//! The classes and functions JavaScript sees: `Ruleset`, `Game` and a few
//! free functions.

use crate::args::{self, Error, ErrorKind, Result};
use crate::bots::bot_move;
use marsal::{
    Game as RustGame, PieceKind, Position, Rng, Ruleset as RustRuleset, Setup, Side, Square,
};
use marsal_host::BotError;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Display;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** "red" or "blue". */
export type Side = "red" | "blue";
/** A piece kind by name, as the library writes it: "Marshal", "General", ..., "Scout", "Miner", "Spy", "Mine", "Bomb", "Flag". */
export type Kind = string;
/** A square name: file letter and rank number, "a1" .. "l12". */
export type SquareName = string;
/** A move as the library serialises it. */
export interface Move { from: SquareName; to: SquareName }
export type Battle = "attacker_wins" | "defender_wins" | "both_removed" | "mine_defused" | "flag_captured";
export type WinReason = "flag_captured" | "opponent_cannot_move";
export type DrawReason = { no_legal_move: Side } | "neither_can_move" | "no_hope" | "ply_limit" | "no_attack_limit" | "repetition";
export type Status =
  | { ongoing: { to_move: Side } }
  | { won: { winner: Side; reason: WinReason } }
  | { drawn: { reason: DrawReason } };
/** What a move did, as the referee knows it (holds hidden information). */
export interface Outcome {
  mv: Move; side: Side; piece: Kind;
  fight: null | { defender: Kind; battle: Battle; attacker_revealed: boolean };
}
/** One event as one side saw it. */
export interface Observation {
  mv: Move; side: Side; piece: Kind | null; defender: Kind | null; battle: Battle | null;
}
/** What one side sees on one square; kinds are lists of kind names. */
export type SquareView =
  | "off_board" | "lake" | "empty"
  | { own: { kind: Kind; known_to_opponent: Kind[] } }
  | { enemy: { possible: Kind[] } };
/** Everything one side knows, and nothing more. */
export interface View {
  side: Side; status: Status; ply: number; plies_since_attack: number;
  files: number; ranks: number;
  /** One entry a board square, rank 1 first, then file a first: square names with what the side sees. */
  squares: { square: SquareName; file: number; rank: number; view: SquareView }[];
  /** The pieces each side has left, as the viewer knows them. */
  remaining: { red: Record<Kind, number>; blue: Record<Kind, number> };
  last: Observation | null;
  log: Observation[];
}
/** A square of a ruleset's board, for drawing it. */
export interface BoardSquare {
  square: SquareName; file: number; rank: number;
  lake: boolean; zone: Side | null;
}
/** A kind of a ruleset's armies, strongest first. */
export interface KindInfo { kind: Kind; letter: string; strength: number; red: number; blue: number; moves: boolean; moves_far: boolean }
"#;

fn fail(what: impl Display, why: impl Display) -> Error {
    Error::refused(format!("{what}: {why}"))
}

/// `"text"` quoted, cut to 64 characters.
fn quote(text: &str) -> String {
    let mut q: String = text.chars().take(64).collect();
    if q.len() < text.len() {
        q.push('…');
    }
    format!("{q:?}")
}

/// A JSON value as a JavaScript value.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue> {
    let text = serde_json::to_string(value).map_err(|e| fail("internal error", e))?;
    js_sys::JSON::parse(&text).map_err(|_| Error::refused("internal error: JSON"))
}

/// Argument `side`: "red" or "blue".
fn parse_side(value: &JsValue) -> Result<Side> {
    let text = args::text(value, "side")?;
    text.parse::<Side>().map_err(|_| {
        fail(
            format!("side {}", quote(&text)),
            "expected \"red\" or \"blue\"",
        )
    })
}

fn kind_name(kind: PieceKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn kinds_list(set: marsal::KindSet) -> Vec<String> {
    set.iter().map(kind_name).collect()
}

/// The library version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The names of the built-in bots (`Game.botMove` takes them).
#[wasm_bindgen]
pub fn bots() -> Vec<String> {
    marsal_host::Bot::names().map(String::from).collect()
}

/// The words of a draw's reason, as every host writes them: `reason` is
/// the `reason` of a status's `drawn` when it is a word ("ply_limit",
/// "no_hope", "repetition", ...); the page words "no legal move" for its
/// viewer itself. An unknown reason is an `Error`.
#[wasm_bindgen(js_name = drawReasonWords)]
pub fn draw_reason_words(
    #[wasm_bindgen(unchecked_param_type = "string")] reason: JsValue,
) -> Result<String> {
    parse_draw_reason(&reason).map(marsal_host::draw_reason)
}

/// A draw's reason when it is a word ("ply_limit", "no_hope", ...).
fn parse_draw_reason(reason: &JsValue) -> Result<marsal::DrawReason> {
    let token = args::text(reason, "reason")?;
    serde_json::from_value::<marsal::DrawReason>(serde_json::Value::String(token.clone()))
        .map_err(|e| fail(format!("draw reason {}", quote(&token)), e))
}

/// How a game stands or ended, in words for `viewer` ("red" or "blue"),
/// one of its players (`marsal_host::status_words_for`): "You win: the
/// Flag was captured", "You lose: you have no piece that can move", "A
/// draw: ..." — `statusText`'s words told to that player. `status` is a
/// status as `Game.status()` and a view's `status` give it. A status or
/// side it cannot read is an `Error`.
#[wasm_bindgen(js_name = statusWordsFor)]
pub fn status_words_for(
    #[wasm_bindgen(unchecked_param_type = "Status")] status: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Side")] viewer: JsValue,
) -> Result<String> {
    let status = parse_status(&status)?;
    Ok(marsal_host::status_words_for(status, parse_side(&viewer)?))
}

/// A status as `Game.status()` gives it (`{ongoing: {to_move}}`, `{won:
/// {winner, reason}}`, `{drawn: {reason}}`), read field by field (a JSON
/// reader of the whole enum would cost the package kilobytes).
fn parse_status(value: &JsValue) -> Result<marsal::Status> {
    use marsal::{Status, WinReason};
    let field = |obj: &JsValue, key: &str| {
        js_sys::Reflect::get(obj, &JsValue::from_str(key))
            .ok()
            .filter(|v| !v.is_undefined() && !v.is_null())
    };
    let bad = || {
        fail(
            "status",
            "expected {ongoing: {to_move}}, {won: {winner, reason}} or {drawn: {reason}}",
        )
    };
    if !value.is_object() {
        return Err(bad());
    }
    if let Some(ongoing) = field(value, "ongoing") {
        let to_move = parse_side(&field(&ongoing, "to_move").ok_or_else(bad)?)?;
        return Ok(Status::Ongoing { to_move });
    }
    if let Some(won) = field(value, "won") {
        let winner = parse_side(&field(&won, "winner").ok_or_else(bad)?)?;
        let token = args::text(&field(&won, "reason").ok_or_else(bad)?, "reason")?;
        return [WinReason::FlagCaptured, WinReason::OpponentCannotMove]
            .into_iter()
            .map(|reason| Status::Won { winner, reason })
            .find(|s| marsal_host::reason_token(*s) == token)
            .ok_or_else(|| fail(format!("win reason {}", quote(&token)), "unknown"));
    }
    if let Some(drawn) = field(value, "drawn") {
        let reason = field(&drawn, "reason").ok_or_else(bad)?;
        let reason = match field(&reason, "no_legal_move") {
            Some(side) => marsal::DrawReason::NoLegalMove(parse_side(&side)?),
            None => parse_draw_reason(&reason)?,
        };
        return Ok(Status::Drawn { reason });
    }
    Err(bad())
}

/// What a fight did, in words, as every host says it
/// (`marsal_host::fight_words`): `attacker` the attacking kind's name
/// ("Scout") or `null` when it was not shown, `defender` the defending
/// kind's, `battle` an outcome's `battle` ("attacker_wins",
/// "defender_wins", "both_removed", "mine_defused", "flag_captured"). An
/// unknown kind or battle is an `Error`.
#[wasm_bindgen(js_name = fightWords)]
pub fn fight_words(
    #[wasm_bindgen(unchecked_param_type = "string | null")] attacker: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] defender: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] battle: JsValue,
) -> Result<String> {
    let token = |value: &JsValue, what: &str| args::text(value, what);
    let kind = |text: String, what: &str| {
        serde_json::from_value::<PieceKind>(serde_json::Value::String(text.clone()))
            .map_err(|e| fail(format!("{what} {}", quote(&text)), e))
    };
    let attacker = if attacker.is_null() {
        None
    } else {
        Some(kind(token(&attacker, "attacker")?, "attacker")?)
    };
    let defender = kind(token(&defender, "defender")?, "defender")?;
    let battle = token(&battle, "battle")?;
    let battle =
        serde_json::from_value::<marsal::Battle>(serde_json::Value::String(battle.clone()))
            .map_err(|e| fail(format!("battle {}", quote(&battle)), e))?;
    Ok(marsal_host::fight_words(attacker, defender, battle))
}

/// The preset names.
#[wasm_bindgen]
pub fn presets() -> Vec<String> {
    RustRuleset::PRESETS.iter().map(|s| s.to_string()).collect()
}

/// Random playouts for a benchmark: `games` games from random setups, both
/// sides playing uniformly random legal moves (on a bare position, as the
/// native `playout` example does) until each ends or reaches `max_plies`.
/// Returns the plies played. At most 1,000,000 games of at most 100,000 plies.
#[wasm_bindgen(js_name = randomPlayouts)]
pub fn random_playouts(
    rules: &Ruleset,
    #[wasm_bindgen(unchecked_param_type = "number")] games: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    #[wasm_bindgen(js_name = maxPlies, unchecked_param_type = "number")] max_plies: JsValue,
) -> Result<f64> {
    let games = args::integer(&games, "games", 0.0, MAX_PLAYOUTS)?;
    let seed = args::seed(&seed, "seed")?;
    let max_plies = args::integer(&max_plies, "maxPlies", 1.0, MAX_PLAYOUT_PLIES)? as u32;
    marsal_host::random_playouts(&rules.rules, 0..games, seed, max_plies)
        .map(|s| s.plies as f64)
        .map_err(|e| Error::refused(e.to_string()))
}

/// The most games one `randomPlayouts` call plays.
const MAX_PLAYOUTS: f64 = 1_000_000.0;
/// The longest game `randomPlayouts` plays.
const MAX_PLAYOUT_PLIES: f64 = 100_000.0;

/// A ruleset: a preset or any valid ruleset read from JSON.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Ruleset {
    rules: RustRuleset,
}

#[wasm_bindgen]
impl Ruleset {
    /// A preset by name ("marsal_a_spion", "classic", "barrage").
    pub fn preset(
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<Ruleset> {
        let name = &args::text(&name, "name")?;
        RustRuleset::preset(name)
            .map(|rules| Ruleset { rules })
            .ok_or_else(|| {
                fail(
                    format!("ruleset {}", quote(name)),
                    format!(
                        "no such preset (the presets: {})",
                        RustRuleset::PRESETS.join(", ")
                    ),
                )
            })
    }

    /// A ruleset from its JSON text (as `toJson` writes it), validated.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "string")] json: JsValue,
    ) -> Result<Ruleset> {
        let json = args::text(&json, "json")?;
        let rules: RustRuleset =
            serde_json::from_str(&json).map_err(|e| fail("ruleset JSON", e))?;
        rules.validate().map_err(|e| fail("invalid ruleset", e))?;
        Ok(Ruleset { rules })
    }

    /// This ruleset with a ply limit, so that every game ends: its own
    /// `max_plies` if it has one, else `Ruleset.defaultMaxPlies()` (3000; the
    /// presets have none).
    pub fn ending(&self) -> Ruleset {
        Ruleset {
            rules: self.rules.ending(),
        }
    }

    /// The ply limit `ending` gives a ruleset that has none: 3000.
    #[wasm_bindgen(js_name = defaultMaxPlies)]
    pub fn default_max_plies() -> u32 {
        RustRuleset::DEFAULT_MAX_PLIES
    }

    /// The JSON text of the ruleset.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(&self.rules).map_err(|e| fail("internal error", e))
    }

    /// The value of option `name` (a field of the JSON form: "diagonal_steps",
    /// "spy_rule", "max_plies", ...).
    #[wasm_bindgen(unchecked_return_type = "any")]
    pub fn option(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<JsValue> {
        to_js(&self.option_json(&args::text(&name, "name")?)?)
    }

    /// A copy with option `name` set to `value` (a JSON value: `true`,
    /// `"loses"`, `200`, `null`), validated. NaN, Infinity and `undefined`
    /// are refused (`null` is the JSON for "none").
    #[wasm_bindgen(js_name = withOption)]
    pub fn with_option(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "any")] value: JsValue,
    ) -> Result<Ruleset> {
        let name = args::text(&name, "name")?;
        let text = args::json(&value, "value")?;
        self.with_option_json(&name, &text)
    }

    /// The board's files.
    #[wasm_bindgen(getter)]
    pub fn files(&self) -> u8 {
        self.rules.board.files
    }

    /// The board's ranks.
    #[wasm_bindgen(getter)]
    pub fn ranks(&self) -> u8 {
        self.rules.board.ranks
    }

    /// Whether steps may go diagonally.
    #[wasm_bindgen(getter, js_name = diagonalSteps)]
    pub fn diagonal_steps(&self) -> bool {
        self.rules.diagonal_steps
    }

    /// The squares of the board (rank 1 first), lakes and setup zones marked.
    #[wasm_bindgen(unchecked_return_type = "BoardSquare[]")]
    pub fn board(&self) -> Result<JsValue> {
        to_js(&self.board_squares())
    }

    /// The kinds the armies have, strongest first (Spy, Mines and Flag last).
    #[wasm_bindgen(unchecked_return_type = "KindInfo[]")]
    pub fn kinds(&self) -> Result<JsValue> {
        to_js(&self.kind_infos())
    }

    /// A random legal setup for `side` in the setup text form.
    #[wasm_bindgen(js_name = randomSetup)]
    pub fn random_setup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<String> {
        let side = parse_side(&side)?;
        let seed = args::seed(&seed, "seed")?;
        let s = Setup::random(&self.rules, side, seed);
        Ok(s.to_text(&self.rules).to_string())
    }

    /// A sensible setup for `side` (the library's `Setup::sensible`: the Flag
    /// on the back row behind its Mines, low ranks and Scouts up front, Miners
    /// at the back), the same for the same seed, in the setup text form.
    #[wasm_bindgen(js_name = sensibleSetup)]
    pub fn sensible_setup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<String> {
        let side = parse_side(&side)?;
        let seed = args::seed(&seed, "seed")?;
        let s = Setup::sensible(&self.rules, side, seed);
        Ok(s.to_text(&self.rules).to_string())
    }

    /// Checks a setup text for `side`: throws the library's message when it
    /// cannot be read or is not legal.
    #[wasm_bindgen(js_name = checkSetup)]
    pub fn check_setup(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<()> {
        let side = parse_side(&side)?;
        self.read_setup(side, &args::text(&text, "text")?)
            .map(|_| ())
    }

    /// The pieces of a setup text, square name to kind.
    #[wasm_bindgen(js_name = setupPieces, unchecked_return_type = "Record<SquareName, Kind>")]
    pub fn setup_pieces(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue> {
        let side = parse_side(&side)?;
        let text = args::text(&text, "text")?;
        let s = Setup::from_text(&self.rules, side, &text)
            .map_err(|e| fail(format!("{side} setup {}", quote(&text)), e))?;
        let pieces: BTreeMap<String, String> = s
            .pieces()
            .map(|(sq, k)| (sq.to_string(), kind_name(k)))
            .collect();
        to_js(&pieces)
    }

    /// The setup text of `pieces` (square name to kind), checked as `checkSetup` does.
    #[wasm_bindgen(js_name = setupText)]
    pub fn setup_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Record<SquareName, Kind>")] pieces: JsValue,
    ) -> Result<String> {
        let side = parse_side(&side)?;
        let text = args::json(&pieces, "pieces")?;
        self.setup_text_json(side, &text)
    }
}

impl Ruleset {
    /// The Rust ruleset.
    pub fn rules(&self) -> &RustRuleset {
        &self.rules
    }

    pub(crate) fn option_json(&self, name: &str) -> Result<serde_json::Value> {
        let json = serde_json::to_value(self.rules).map_err(|e| fail("internal error", e))?;
        match json.get(name) {
            Some(v) => Ok(v.clone()),
            None => Err(self.unknown_option(name, &json)),
        }
    }

    fn unknown_option(&self, name: &str, json: &serde_json::Value) -> Error {
        let names: Vec<&str> = json
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        fail(
            format!("ruleset option {}", quote(name)),
            format!("no such option (the options: {})", names.join(", ")),
        )
    }

    pub(crate) fn with_option_json(&self, name: &str, value: &str) -> Result<Ruleset> {
        let mut json = serde_json::to_value(self.rules).map_err(|e| fail("internal error", e))?;
        if json.get(name).is_none() {
            return Err(self.unknown_option(name, &json));
        }
        let what = || format!("ruleset option {name} = {}", quote(value));
        json[name] = serde_json::from_str(value).map_err(|e| fail(what(), e))?;
        let rules: RustRuleset = serde_json::from_value(json).map_err(|e| fail(what(), e))?;
        rules
            .validate()
            .map_err(|e| fail(what(), format!("invalid ruleset: {e}")))?;
        Ok(Ruleset { rules })
    }

    fn board_squares(&self) -> Vec<serde_json::Value> {
        let g = &self.rules.board;
        let mut out = Vec::new();
        for rank in 0..g.ranks {
            for file in 0..g.files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                if !g.is_playable(sq) && !g.is_lake(sq) {
                    continue;
                }
                let zone = Side::BOTH
                    .into_iter()
                    .find(|&s| g.zone(s).contains(sq))
                    .map(Side::name);
                out.push(serde_json::json!({
                    "square": sq.to_string(), "file": file, "rank": rank,
                    "lake": g.is_lake(sq), "zone": zone,
                }));
            }
        }
        out
    }

    fn kind_infos(&self) -> Vec<serde_json::Value> {
        let r = &self.rules;
        let kinds = marsal_host::kinds_in_play(r);
        kinds
            .into_iter()
            .map(|k| {
                serde_json::json!({
                    "kind": kind_name(k), "letter": k.letter().to_string(),
                    "strength": r.strengths.get(k),
                    "red": r.army(Side::Red).count(k), "blue": r.army(Side::Blue).count(k),
                    "moves": k.is_movable(), "moves_far": k.moves_far(),
                })
            })
            .collect()
    }

    pub(crate) fn read_setup(&self, side: Side, text: &str) -> Result<Setup> {
        let what = || format!("{side} setup {}", quote(text));
        let s = Setup::from_text(&self.rules, side, text).map_err(|e| fail(what(), e))?;
        s.validate(&self.rules).map_err(|e| fail(what(), e))?;
        Ok(s)
    }

    pub(crate) fn setup_text_json(&self, side: Side, json: &str) -> Result<String> {
        let pieces: BTreeMap<String, String> =
            serde_json::from_str(json).map_err(|e| fail("setup pieces", e))?;
        let mut s = Setup::new(side);
        for (sq, kind) in &pieces {
            let square = self
                .rules
                .board
                .parse_square(sq)
                .map_err(|e| fail(format!("square {}", quote(sq)), e))?;
            let k: PieceKind = serde_json::from_value(serde_json::Value::String(kind.clone()))
                .map_err(|_| fail(format!("kind {}", quote(kind)), "no such piece kind"))?;
            s.place(square, k)
                .map_err(|e| fail(format!("{side} setup"), e))?;
        }
        s.validate(&self.rules)
            .map_err(|e| fail(format!("{side} setup"), e))?;
        Ok(s.to_text(&self.rules).to_string())
    }
}

/// A game: the referee's whole state and its history. It holds hidden
/// information; show a player only `view(side)`.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    pub(crate) game: RustGame,
}

#[wasm_bindgen]
impl Game {
    /// A new game from two setup texts.
    #[wasm_bindgen(constructor)]
    pub fn new(
        rules: &Ruleset,
        #[wasm_bindgen(js_name = redSetup, unchecked_param_type = "string")] red_setup: JsValue,
        #[wasm_bindgen(js_name = blueSetup, unchecked_param_type = "string")] blue_setup: JsValue,
    ) -> Result<Game> {
        let red_setup = args::text(&red_setup, "redSetup")?;
        let blue_setup = args::text(&blue_setup, "blueSetup")?;
        let red = rules.read_setup(Side::Red, &red_setup)?;
        let blue = rules.read_setup(Side::Blue, &blue_setup)?;
        let game = RustGame::new(&rules.rules, &red, &blue).map_err(|e| fail("game", e))?;
        Ok(Game { game })
    }

    /// A new game from two random setups.
    pub fn random(
        rules: &Ruleset,
        #[wasm_bindgen(js_name = redSeed, unchecked_param_type = "number")] red_seed: JsValue,
        #[wasm_bindgen(js_name = blueSeed, unchecked_param_type = "number")] blue_seed: JsValue,
    ) -> Result<Game> {
        let red_seed = args::seed(&red_seed, "redSeed")?;
        let blue_seed = args::seed(&blue_seed, "blueSeed")?;
        let red = Setup::random(&rules.rules, Side::Red, red_seed);
        let blue = Setup::random(&rules.rules, Side::Blue, blue_seed);
        let game = RustGame::new(&rules.rules, &red, &blue).map_err(|e| fail("game", e))?;
        Ok(Game { game })
    }

    /// A game from a position text (rows top rank first separated by `/`,
    /// then the side to move; see docs/rules.md).
    #[wasm_bindgen(js_name = fromPositionText)]
    pub fn from_position_text(
        rules: &Ruleset,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game> {
        let text = args::text(&text, "text")?;
        let pos = Position::from_text(&rules.rules, &text)
            .map_err(|e| fail(format!("position {}", quote(&text)), e))?;
        Ok(Game {
            game: RustGame::from_position(pos),
        })
    }

    /// A game from its JSON text (as `toJson` writes it: the start position
    /// and the moves, replayed and checked).
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(
        #[wasm_bindgen(unchecked_param_type = "string")] json: JsValue,
    ) -> Result<Game> {
        let json = args::text(&json, "json")?;
        let game: RustGame = serde_json::from_str(&json).map_err(|e| fail("game JSON", e))?;
        game.rules()
            .validate()
            .map_err(|e| fail("game JSON", format!("invalid ruleset: {e}")))?;
        Ok(Game { game })
    }

    /// A game recorded in Gravon XML (classic or Barrage, as `marsal match
    /// --record` and the Gravon archive write them), its moves replayed
    /// under the rules of its kind, and of its year when `fileName` has one
    /// (`classic-2005.3-26.xml`; pass `""` when there is no name). A move the
    /// rules refuse is an error naming it.
    #[wasm_bindgen(js_name = fromGravon)]
    pub fn from_gravon(
        #[wasm_bindgen(unchecked_param_type = "string")] xml: JsValue,
        #[wasm_bindgen(js_name = fileName, unchecked_param_type = "string")] file_name: JsValue,
    ) -> Result<Game> {
        use marsal::gravon;
        let xml = args::text(&xml, "xml")?;
        let file_name = args::text(&file_name, "fileName")?;
        let record = gravon::parse(&xml).map_err(|e| fail("Gravon XML", e))?;
        let rules = gravon::rules_for_year(record.kind, gravon::year_from_file_name(&file_name));
        let (game, report) = gravon::replay_game(&record, &rules).map_err(|e| {
            fail(
                "Gravon XML",
                format!("the setups do not fit {}: {e}", record.kind),
            )
        })?;
        match report.illegal {
            Some(m) => Err(fail(
                "Gravon XML",
                format!("move {} ({}) is illegal: {}", m.number, m.mv, m.error),
            )),
            None => Ok(Game { game }),
        }
    }

    /// The JSON text of the game (its start position and its moves).
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(&self.game).map_err(|e| fail("internal error", e))
    }

    /// An independent copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_game(&self) -> Game {
        self.clone()
    }

    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        Ruleset {
            rules: *self.game.rules(),
        }
    }

    /// Plies played.
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> u32 {
        self.game.position().ply()
    }

    /// The status.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> Result<JsValue> {
        to_js(&self.game.status())
    }

    /// The status in words, as every host says it ("Red to move", "Blue
    /// wins: the Flag was captured": `marsal_host::status_words`, the words
    /// of `marsal selfplay`, the C library and Python).
    #[wasm_bindgen(js_name = statusText)]
    pub fn status_text(&self) -> String {
        marsal_host::status_words(self.game.status())
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.status().is_over()
    }

    /// The legal moves of the side to move, as text (`e2-e3`, `e2xe3`).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_move_texts()
    }

    /// Plays a move given as text; returns what it did (the referee's
    /// outcome, hidden information included). Throws the library's message
    /// when the text cannot be read or the move is illegal.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<JsValue> {
        let out = self.play_text(&args::text(&text, "text")?)?;
        to_js(&out)
    }

    /// Takes the last move back; returns what it had done.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn undo(&mut self) -> Result<JsValue> {
        let out = self.game.undo().map_err(|e| fail("undo", e))?;
        to_js(&out)
    }

    /// What `side` knows (its view): every board square with what the side
    /// sees, its log, the remaining pieces.
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Side")] side: JsValue,
    ) -> Result<JsValue> {
        to_js(&self.view_json(parse_side(&side)?)?)
    }

    /// The referee's outcomes of every move, oldest first (hidden information).
    #[wasm_bindgen(unchecked_return_type = "Outcome[]")]
    pub fn outcomes(&self) -> Result<JsValue> {
        to_js(&self.game.outcomes())
    }

    /// The position in the position text form (both armies: hidden information).
    #[wasm_bindgen(js_name = positionText)]
    pub fn position_text(&self) -> String {
        self.game.position().to_text().to_string()
    }

    /// The move bot `bot` ("random", "careful", "search", "search:N" for
    /// the search bot with a budget of N nodes a move, "search:time=MS" for
    /// MS milliseconds a move, "search:nodes=N,time=MS" for whichever ends
    /// first) chooses for the side to move, from what that side knows, as
    /// text, in the game of `seed` (the seed rule of every host: the same
    /// game, bot and seed give the move `marsal selfplay`, the C library and
    /// Python give); `undefined` when the game is over. A timed search reads
    /// `Date.now()` and depends on the machine's speed (a node budget alone
    /// plays the same move everywhere). A budget or time out of range (N
    /// over 2,000,000, MS over 3,600,000, either 0) is a `RangeError`.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] bot: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<Option<String>> {
        let bot = args::text(&bot, "bot")?;
        let seed = args::seed(&seed, "seed")?;
        let mut clock = || (js_sys::Date::now() * 1_000.0) as u64;
        let mv = bot_move(&self.game, &bot, seed, &mut clock).map_err(|e| match e {
            BotError::Budget { .. } | BotError::Time { .. } => Error {
                kind: ErrorKind::Range,
                message: e.to_string(),
            },
            e => Error::refused(e.to_string()),
        })?;
        Ok(mv.map(|mv| self.game.position().move_text(mv).to_string()))
    }

    /// Plays one uniformly random legal move; returns its outcome, or
    /// `undefined` when the game is over.
    #[wasm_bindgen(js_name = playRandom, unchecked_return_type = "Outcome | undefined")]
    pub fn play_random(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<JsValue> {
        let mut rng = Rng::new(args::seed(&seed, "seed")?);
        match self.game.play_random(&mut rng) {
            Some(out) => to_js(&out),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

impl Game {
    /// The Rust game.
    pub fn game(&self) -> &RustGame {
        &self.game
    }

    pub(crate) fn legal_move_texts(&self) -> Vec<String> {
        let pos = self.game.position();
        self.game
            .legal_moves()
            .iter()
            .map(|&mv| pos.move_text(mv).to_string())
            .collect()
    }

    pub(crate) fn play_text(&mut self, text: &str) -> Result<marsal::Outcome> {
        self.game
            .play_text(text.trim())
            .map_err(|e| fail(format!("move {}", quote(text)), e))
    }

    /// The view of `side` in the JSON form the TypeScript `View` describes.
    pub(crate) fn view_json(&self, side: Side) -> Result<serde_json::Value> {
        let v = self.game.view(side);
        let squares: Vec<serde_json::Value> = v
            .squares()
            .map(|(sq, sv)| {
                let view = match sv {
                    marsal::SquareView::OffBoard => serde_json::json!("off_board"),
                    marsal::SquareView::Lake => serde_json::json!("lake"),
                    marsal::SquareView::Empty => serde_json::json!("empty"),
                    marsal::SquareView::Own {
                        kind,
                        known_to_opponent,
                    } => serde_json::json!({"own": {
                        "kind": kind_name(kind),
                        "known_to_opponent": kinds_list(known_to_opponent),
                    }}),
                    marsal::SquareView::Enemy { possible } => {
                        serde_json::json!({"enemy": {"possible": kinds_list(possible)}})
                    }
                };
                serde_json::json!({
                    "square": sq.to_string(), "file": sq.file(), "rank": sq.rank(), "view": view,
                })
            })
            .collect();
        let remaining = |s: Side| -> BTreeMap<String, u8> {
            v.remaining(s)
                .iter()
                .filter(|&(_, n)| n > 0)
                .map(|(k, n)| (kind_name(k), n))
                .collect()
        };
        let (files, ranks) = v.size();
        Ok(serde_json::json!({
            "side": side.name(),
            "status": json(&v.status()),
            "ply": v.ply(),
            "plies_since_attack": v.plies_since_attack(),
            "files": files, "ranks": ranks,
            "squares": squares,
            "remaining": {"red": remaining(Side::Red), "blue": remaining(Side::Blue)},
            "last": json(&v.last()),
            "log": json(&v.log()),
        }))
    }
}

/// A value as a JSON value (the library's serde forms never fail).
fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
