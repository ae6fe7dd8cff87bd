// marsal.hpp: a small header-only C++17 RAII wrapper over the C ABI of the
// marsal rules engine (include/marsal.h).
//
// - Every failing call of the C ABI becomes a `marsal::Error` (a
//   `std::runtime_error`) carrying the `MarsalStatus` code and the message of
//   `marsal_last_error_message`.
// - `Ruleset` and `Game` own their handle through a `std::unique_ptr` with a
//   deleter calling the matching `_free` function: movable, not copyable. A
//   moved-from object holds no handle; using it throws `Error` with
//   `MARSAL_STATUS_NULL_POINTER` (the library checks every pointer).
// - Text and array outputs are sized from the library's `len_out` /
//   `count_out` (first a call with a NULL buffer, then a retry while the
//   library answers `MARSAL_STATUS_BUFFER_TOO_SMALL`).
//
// Like the C handles, a `Game` must not be used from two threads at once; a
// `Ruleset` may be read from several. Error messages are per thread, as in C.
//
// Build: c++ -std=c++17 your.cpp $(pkg-config --cflags --libs marsal)

#ifndef MARSAL_HPP
#define MARSAL_HPP

#include "marsal.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marsal {

// ------------------------------------------------------------------ codes

// A side. Its values are the C codes (`MARSAL_SIDE_RED`, `MARSAL_SIDE_BLUE`).
enum class Side : std::uint8_t {
    Red = MARSAL_SIDE_RED,
    Blue = MARSAL_SIDE_BLUE,
};

// The C code of a side.
constexpr std::uint8_t code(Side side) noexcept { return static_cast<std::uint8_t>(side); }

// The other side.
constexpr Side opponent(Side side) noexcept { return side == Side::Red ? Side::Blue : Side::Red; }

// The symbolic name of a status code, e.g. "ILLEGAL_MOVE".
inline const char* status_name(MarsalStatus status) noexcept {
    switch (status) {
    case MARSAL_STATUS_OK: return "OK";
    case MARSAL_STATUS_NULL_POINTER: return "NULL_POINTER";
    case MARSAL_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case MARSAL_STATUS_BUFFER_TOO_SMALL: return "BUFFER_TOO_SMALL";
    case MARSAL_STATUS_INVALID_UTF8: return "INVALID_UTF8";
    case MARSAL_STATUS_PARSE_ERROR: return "PARSE_ERROR";
    case MARSAL_STATUS_INVALID_RULESET: return "INVALID_RULESET";
    case MARSAL_STATUS_INVALID_SETUP: return "INVALID_SETUP";
    case MARSAL_STATUS_ILLEGAL_MOVE: return "ILLEGAL_MOVE";
    case MARSAL_STATUS_GAME_OVER: return "GAME_OVER";
    case MARSAL_STATUS_NOTHING_TO_UNDO: return "NOTHING_TO_UNDO";
    case MARSAL_STATUS_NO_OUTCOME: return "NO_OUTCOME";
    case MARSAL_STATUS_PANIC: return "PANIC";
    }
    return "UNKNOWN_STATUS";
}

// "red" or "blue" for a side code (0 or 1), "none" otherwise.
inline const char* side_name(std::uint8_t side) noexcept {
    switch (side) {
    case MARSAL_SIDE_RED: return "red";
    case MARSAL_SIDE_BLUE: return "blue";
    default: return "none";
    }
}

inline const char* side_name(Side side) noexcept { return side_name(code(side)); }

// The English name of a kind code (`MarsalKind`), e.g. "Marshal"; "unknown"
// for `MARSAL_KIND_NONE` or any other value.
inline const char* kind_name(std::uint8_t kind) noexcept {
    static constexpr const char* names[MARSAL_KIND_COUNT] = {
        "Marshal",  "General", "Colonel", "Major",  "Captain", "Lieutenant",
        "Sergeant", "Cadet",   "Corporal", "Gunner", "Scout",   "Miner",
        "Spy",      "Mine",    "Bomb",    "Flag",
    };
    return kind < MARSAL_KIND_COUNT ? names[kind] : "unknown";
}

// The upper-case letter of a kind code in the library's text forms (Marshal
// 'M', General 'G', Colonel 'C', Major 'J', Captain 'K', Lieutenant 'L',
// Sergeant 'R', Cadet 'D', Corporal 'P', Gunner 'U', Scout 'S', Miner 'N',
// Spy 'Y', Mine 'X', Bomb 'B', Flag 'F'); '?' for `MARSAL_KIND_NONE` or any
// other value.
inline char kind_letter(std::uint8_t kind) noexcept {
    static constexpr char letters[MARSAL_KIND_COUNT + 1] = "MGCJKLRDPUSNYXBF";
    return kind < MARSAL_KIND_COUNT ? letters[kind] : '?';
}

// Words for a fight result code (`MarsalBattle`), e.g. "attacker wins".
inline const char* battle_name(std::uint8_t battle) noexcept {
    switch (battle) {
    case MARSAL_BATTLE_NO_FIGHT: return "no fight";
    case MARSAL_BATTLE_ATTACKER_WINS: return "attacker wins";
    case MARSAL_BATTLE_DEFENDER_WINS: return "defender wins";
    case MARSAL_BATTLE_BOTH_REMOVED: return "both removed";
    case MARSAL_BATTLE_MINE_DEFUSED: return "mine defused";
    case MARSAL_BATTLE_FLAG_CAPTURED: return "flag captured";
    default: return "unknown battle";
    }
}

// Words for a game state code (`MarsalState`): "ongoing", "won", "drawn".
inline const char* state_name(std::uint8_t state) noexcept {
    switch (state) {
    case MARSAL_STATE_ONGOING: return "ongoing";
    case MARSAL_STATE_WON: return "won";
    case MARSAL_STATE_DRAWN: return "drawn";
    default: return "unknown state";
    }
}

// Words for a win reason code (`MarsalWinReason`).
inline const char* win_reason_name(std::uint8_t reason) noexcept {
    switch (reason) {
    case MARSAL_WIN_REASON_FLAG_CAPTURED: return "flag captured";
    case MARSAL_WIN_REASON_OPPONENT_CANNOT_MOVE: return "opponent cannot move";
    default: return "unknown reason";
    }
}

// Words for a draw reason code (`MarsalDrawReason`).
inline const char* draw_reason_name(std::uint8_t reason) noexcept {
    switch (reason) {
    case MARSAL_DRAW_REASON_NO_LEGAL_MOVE: return "no legal move";
    case MARSAL_DRAW_REASON_NEITHER_CAN_MOVE: return "neither side can move";
    case MARSAL_DRAW_REASON_NO_HOPE: return "neither side can capture a flag";
    case MARSAL_DRAW_REASON_PLY_LIMIT: return "ply limit";
    case MARSAL_DRAW_REASON_NO_ATTACK_LIMIT: return "no-attack limit";
    case MARSAL_DRAW_REASON_REPETITION: return "repetition";
    default: return "unknown reason";
    }
}

// Whether the game is over.
constexpr bool is_over(const MarsalGameStatus& status) noexcept {
    return status.state != MARSAL_STATE_ONGOING;
}

// A game status in words: "red to move", "red wins (flag captured)",
// "draw (ply limit)", "draw (no legal move for blue)".
inline std::string status_text(const MarsalGameStatus& status) {
    switch (status.state) {
    case MARSAL_STATE_ONGOING:
        return std::string(side_name(status.side)) + " to move";
    case MARSAL_STATE_WON:
        return std::string(side_name(status.side)) + " wins (" + win_reason_name(status.reason) + ")";
    case MARSAL_STATE_DRAWN:
        if (status.reason == MARSAL_DRAW_REASON_NO_LEGAL_MOVE && status.side <= MARSAL_SIDE_BLUE) {
            return std::string("draw (no legal move for ") + side_name(status.side) + ")";
        }
        return std::string("draw (") + draw_reason_name(status.reason) + ")";
    default:
        return state_name(status.state);
    }
}

// The name of a square, e.g. "e5" (file 0 = 'a', rank 0 = "1"; up to "l12").
inline std::string square_name(const MarsalSquare& square) {
    std::string name(1, static_cast<char>('a' + square.file));
    name += std::to_string(static_cast<unsigned>(square.rank) + 1U);
    return name;
}

// A move as plain squares, e.g. "e5-e6" (without knowing whether it attacks;
// `Game::move_text` gives the library's notation with 'x' for attacks).
inline std::string move_name(const MarsalMove& mv) {
    return square_name(mv.from) + "-" + square_name(mv.to);
}

// ------------------------------------------------------------------ errors

// A failed call of the C ABI: its status code and the library's message.
class Error : public std::runtime_error {
public:
    Error(MarsalStatus code, const std::string& message)
        : std::runtime_error(message), code_(code) {}

    // The status the library returned (never `MARSAL_STATUS_OK`).
    MarsalStatus code() const noexcept { return code_; }

    // The symbolic name of `code()`, e.g. "ILLEGAL_MOVE".
    const char* code_name() const noexcept { return status_name(code_); }

private:
    MarsalStatus code_;
};

namespace detail {

// Reads a text output of the C ABI. `call(buf, cap, len_out)` must forward to
// a `marsal_*` function writing NUL-terminated text into `buf` (`cap` bytes)
// and its length (without the NUL) into `*len_out`. Returns the status of the
// final call and, when it is OK, the text in `out`. Never throws from the C
// side; only the std::string allocation may throw std::bad_alloc.
template <typename Call>
MarsalStatus read_text(Call&& call, std::string& out) {
    std::size_t len = 0;
    MarsalStatus status = call(nullptr, 0, &len);
    // A NULL buffer always gives BUFFER_TOO_SMALL with the length written;
    // retry as long as the text grew between the calls.
    while (status == MARSAL_STATUS_BUFFER_TOO_SMALL) {
        std::string buf(len + 1, '\0');
        std::size_t needed = 0;
        status = call(buf.data(), buf.size(), &needed);
        if (status == MARSAL_STATUS_OK) {
            buf.resize(needed);
            out = std::move(buf);
        } else if (status == MARSAL_STATUS_BUFFER_TOO_SMALL && needed < len + 1) {
            break;  // the library contradicts itself: give up, never loop forever
        }
        len = needed;
    }
    return status;
}

// Reads an array output of the C ABI (`call(buf, cap, count_out)`), the same
// way as `read_text`.
template <typename T, typename Call>
MarsalStatus read_items(Call&& call, std::vector<T>& out) {
    std::size_t count = 0;
    MarsalStatus status = call(nullptr, 0, &count);
    if (status == MARSAL_STATUS_OK) {  // nothing to write (count is 0)
        out.clear();
        return status;
    }
    while (status == MARSAL_STATUS_BUFFER_TOO_SMALL) {
        std::vector<T> buf(count);
        std::size_t written = 0;
        status = call(buf.data(), buf.size(), &written);
        if (status == MARSAL_STATUS_OK) {
            buf.resize(written);
            out = std::move(buf);
        } else if (status == MARSAL_STATUS_BUFFER_TOO_SMALL && written <= count) {
            break;  // the library contradicts itself: give up, never loop forever
        }
        count = written;
    }
    return status;
}

}  // namespace detail

// The message of the last failed call on this thread ("" when none failed).
inline std::string last_error_message() {
    std::string message;
    const MarsalStatus status = detail::read_text(
        [](char* buf, std::size_t cap, std::size_t* len) {
            return marsal_last_error_message(buf, cap, len);
        },
        message);
    if (status != MARSAL_STATUS_OK) {
        return std::string("(no message: marsal_last_error_message returned ") +
               status_name(status) + ")";
    }
    return message;
}

// Throws `Error` (with the thread's last error message) unless `status` is OK.
inline void check(MarsalStatus status) {
    if (status != MARSAL_STATUS_OK) {
        std::string message = last_error_message();
        if (message.empty()) {
            message = status_name(status);
        }
        throw Error(status, message);
    }
}

namespace detail {

// A NUL-terminated copy of `text`; throws `Error` (INVALID_ARGUMENT) when it
// contains a NUL byte, which C could not see past.
inline std::string c_string(std::string_view text, const char* what) {
    if (text.find('\0') != std::string_view::npos) {
        throw Error(MARSAL_STATUS_INVALID_ARGUMENT, std::string(what) + " contains a NUL byte");
    }
    return std::string(text);
}

struct RulesetDeleter {
    void operator()(MarsalRuleset* ruleset) const noexcept { marsal_ruleset_free(ruleset); }
};

struct GameDeleter {
    void operator()(MarsalGame* game) const noexcept { marsal_game_free(game); }
};

}  // namespace detail

// The library version, e.g. "0.1.0".
inline std::string version() {
    const char* v = nullptr;
    check(marsal_version(&v));
    return v != nullptr ? std::string(v) : std::string();
}

// ------------------------------------------------------------------ Ruleset

// A ruleset (owns a `MarsalRuleset*`). Only `set_option` modifies it: not
// while another thread uses it. Games keep their own copy.
class Ruleset {
public:
    // A preset: "marsal_a_spion", "classic" or "barrage".
    static Ruleset preset(std::string_view name) {
        const std::string c_name = detail::c_string(name, "preset name");
        MarsalRuleset* raw = nullptr;
        check(marsal_ruleset_preset(c_name.c_str(), &raw));
        return Ruleset(raw);
    }

    // A ruleset from its JSON form (as written by `to_json`), validated.
    static Ruleset from_json(const std::string& json) {
        const std::string c_json = detail::c_string(json, "ruleset JSON");
        MarsalRuleset* raw = nullptr;
        check(marsal_ruleset_from_json(c_json.c_str(), &raw));
        return Ruleset(raw);
    }

    // The JSON form.
    std::string to_json() const {
        std::string json;
        const MarsalRuleset* r = handle_.get();
        check(detail::read_text(
            [r](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_ruleset_to_json(r, buf, cap, len);
            },
            json));
        return json;
    }

    // A random legal setup for `side` in the setup text form (the same seed
    // gives the same setup).
    std::string random_setup(Side side, std::uint64_t seed) const {
        std::string setup;
        const MarsalRuleset* r = handle_.get();
        check(detail::read_text(
            [r, side, seed](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_setup_random(r, code(side), seed, buf, cap, len);
            },
            setup));
        return setup;
    }

    // A setup a person would make for `side` (Flag on the back row behind its
    // Mines or Bombs, Scouts and low ranks up front), in the setup text form;
    // always legal, the same seed gives the same setup.
    std::string sensible_setup(Side side, std::uint64_t seed) const {
        std::string setup;
        const MarsalRuleset* r = handle_.get();
        check(detail::read_text(
            [r, side, seed](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_setup_sensible(r, code(side), seed, buf, cap, len);
            },
            setup));
        return setup;
    }

    // An independent copy (through the JSON form).
    Ruleset clone() const { return from_json(to_json()); }

    // The names of every option `option` and `set_option` take.
    static std::vector<std::string> option_names() {
        std::string names;
        check(detail::read_text(
            [](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_ruleset_option_names(buf, cap, len);
            },
            names));
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start <= names.size()) {
            const std::size_t comma = std::min(names.find(',', start), names.size());
            out.push_back(names.substr(start, comma - start));
            start = comma + 1;
        }
        return out;
    }

    // The value of option `name` as text, in its JSON spelling ("true", "3",
    // "null", "only_when_attacking"); see `marsal_ruleset_get_option`.
    std::string option(std::string_view name) const {
        const std::string c_name = detail::c_string(name, "option name");
        std::string value;
        const MarsalRuleset* r = handle_.get();
        check(detail::read_text(
            [r, &c_name](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_ruleset_get_option(r, c_name.c_str(), buf, cap, len);
            },
            value));
        return value;
    }

    // Sets option `name` to `value` (same spelling as `option`); the ruleset is
    // validated and left unchanged on error (`Error` thrown).
    void set_option(std::string_view name, std::string_view value) {
        const std::string c_name = detail::c_string(name, "option name");
        const std::string c_value = detail::c_string(value, "option value");
        check(marsal_ruleset_set_option(handle_.get(), c_name.c_str(), c_value.c_str()));
    }

    // Plays `games` complete random games from random setups inside the
    // library (no handles, no history) and returns the totals; each game is
    // capped at `max_plies` plies (0 throws `Error` with
    // `MARSAL_STATUS_INVALID_ARGUMENT`). See `marsal_random_playouts`.
    MarsalPlayoutSummary random_playouts(std::uint32_t games, std::uint64_t seed,
                                         std::uint32_t max_plies) const {
        MarsalPlayoutSummary summary{};
        check(marsal_random_playouts(handle_.get(), games, seed, max_plies, &summary));
        return summary;
    }

    // The C handle (still owned by this object); NULL after a move.
    const MarsalRuleset* get() const noexcept { return handle_.get(); }

    // Whether this object holds a handle (false after a move).
    explicit operator bool() const noexcept { return static_cast<bool>(handle_); }

private:
    explicit Ruleset(MarsalRuleset* raw) noexcept : handle_(raw) {}

    std::unique_ptr<MarsalRuleset, detail::RulesetDeleter> handle_;
};

// ------------------------------------------------------------------ Game

// What one side sees: `files * ranks` squares, (file, rank) at index
// `rank * files + file` (rank 0 is rank 1, Red's back rank).
struct BoardView {
    std::uint8_t files = 0;
    std::uint8_t ranks = 0;
    std::vector<MarsalSquareView> squares;

    // The square (file, rank); throws std::out_of_range outside the board.
    const MarsalSquareView& at(std::uint8_t file, std::uint8_t rank) const {
        if (file >= files || rank >= ranks) {
            throw std::out_of_range("marsal::BoardView::at: square outside the board");
        }
        return squares.at(static_cast<std::size_t>(rank) * files + file);
    }
};

// A game with its history (owns a `MarsalGame*`). Movable, not copyable.
class Game {
public:
    // A game from two setups in the setup text form. The game keeps its own
    // copy of the ruleset, so `ruleset` may be destroyed afterwards.
    Game(const Ruleset& ruleset, std::string_view red_setup, std::string_view blue_setup) {
        const std::string red = detail::c_string(red_setup, "red setup");
        const std::string blue = detail::c_string(blue_setup, "blue setup");
        MarsalGame* raw = nullptr;
        check(marsal_game_new(ruleset.get(), red.c_str(), blue.c_str(), &raw));
        handle_.reset(raw);
    }

    // A game that starts from a position in the position text form.
    static Game from_position_text(const Ruleset& ruleset, std::string_view text) {
        const std::string c_text = detail::c_string(text, "position text");
        MarsalGame* raw = nullptr;
        check(marsal_game_from_position_text(ruleset.get(), c_text.c_str(), &raw));
        return Game(raw);
    }

    // A game from its JSON form (every move is re-checked).
    static Game from_json(std::string_view json) {
        const std::string c_json = detail::c_string(json, "game JSON");
        MarsalGame* raw = nullptr;
        check(marsal_game_from_json(c_json.c_str(), &raw));
        return Game(raw);
    }

    // The JSON form (full referee information: for saving, never for a player).
    std::string to_json() const {
        std::string json;
        const MarsalGame* g = handle_.get();
        check(detail::read_text(
            [g](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_game_to_json(g, buf, cap, len);
            },
            json));
        return json;
    }

    // An independent copy: position, history and ruleset.
    Game clone() const {
        MarsalGame* raw = nullptr;
        check(marsal_game_clone(handle_.get(), &raw));
        return Game(raw);
    }

    // What `side` sees and knows: the squares, and in `info` the counts left
    // per kind and the last move as that side saw it.
    BoardView view_full(Side side, MarsalViewInfo& info) const {
        BoardView view;
        const MarsalGame* g = handle_.get();
        check(detail::read_items<MarsalSquareView>(
            [g, side, &info](MarsalSquareView* buf, std::size_t cap, std::size_t* count) {
                return marsal_game_view_full(g, code(side), buf, cap, count, &info);
            },
            view.squares));
        view.files = info.files;
        view.ranks = info.ranks;
        return view;
    }

    // A game with random setups (Red's from `red_seed`, Blue's from `blue_seed`).
    static Game random(const Ruleset& ruleset, std::uint64_t red_seed, std::uint64_t blue_seed) {
        MarsalGame* raw = nullptr;
        check(marsal_game_new_random(ruleset.get(), red_seed, blue_seed, &raw));
        return Game(raw);
    }

    // A game with sensible setups (Red's from `red_seed`, Blue's from
    // `blue_seed`; see `Ruleset::sensible_setup`).
    static Game sensible(const Ruleset& ruleset, std::uint64_t red_seed, std::uint64_t blue_seed) {
        MarsalGame* raw = nullptr;
        check(marsal_game_new_sensible(ruleset.get(), red_seed, blue_seed, &raw));
        return Game(raw);
    }

    // A complete game consistent with everything `side` knows here (enemy
    // kinds drawn from what they may be, the same moves replayed): its view
    // for `side` is this game's. The same seed gives the same game.
    Game determinize(Side side, std::uint64_t seed) const {
        MarsalGame* raw = nullptr;
        check(marsal_game_determinize(handle_.get(), code(side), seed, &raw));
        return Game(raw);
    }

    // `determinize` into `out` (replaced), which allocates nothing once `out`
    // has held a game as long; `out` may be this game.
    void determinize_into(Side side, std::uint64_t seed, Game& out) const {
        check(marsal_game_determinize_into(handle_.get(), code(side), seed, out.handle_.get()));
    }

    // Whether this game agrees with everything `side` knows in `other`.
    bool is_consistent(const Game& other, Side side) const {
        bool ok = false;
        check(marsal_game_is_consistent(handle_.get(), other.handle_.get(), code(side), &ok));
        return ok;
    }

    // The search bot's move for the side to move (from that side's view
    // only), with a budget of `nodes` (at least 1) and a seed: the same game,
    // budget and seed give the same move. `stats`, when given, receives what
    // the search cost. Throws `Error` with `MARSAL_STATUS_GAME_OVER` once the
    // game is over, `MARSAL_STATUS_INVALID_ARGUMENT` for a budget of 0.
    MarsalMove search_move(std::uint32_t nodes = MARSAL_SEARCH_DEFAULT_NODES,
                           std::uint64_t seed = 0, MarsalSearchStats* stats = nullptr) const {
        const MarsalSearchConfig config{nodes, 0, seed};
        MarsalMove mv{};
        check(marsal_game_search_move(handle_.get(), &config, &mv, stats));
        return mv;
    }

    // `search_move` with a time limit of `time_ms` milliseconds (at least 1,
    // at most `MARSAL_SEARCH_MAX_TIME_MS`) on top of the budget of `nodes`:
    // the search stops when either is spent (the default budget, `UINT32_MAX`,
    // leaves only the time). The system's monotonic clock is read every 256
    // nodes, also in the first depth, so the limit holds within about 256
    // nodes. A timed move depends on the machine's speed and load: the same
    // game and seed may give another move (the node budget alone is
    // reproducible). Throws `Error` with `MARSAL_STATUS_GAME_OVER` once the
    // game is over, `MARSAL_STATUS_INVALID_ARGUMENT` for a time of 0 or over
    // the maximum, or a budget of 0.
    //
    //     MarsalSearchStats stats{};
    //     const MarsalMove mv = game.search_move_timed(20, UINT32_MAX, 7, &stats);
    MarsalMove search_move_timed(std::uint32_t time_ms, std::uint32_t nodes = UINT32_MAX,
                                 std::uint64_t seed = 0,
                                 MarsalSearchStats* stats = nullptr) const {
        if (time_ms == 0) {
            // 0 would mean "no limit" to the C call: a search with no end.
            throw Error(MARSAL_STATUS_INVALID_ARGUMENT,
                        "time_ms must be 1 up to MARSAL_SEARCH_MAX_TIME_MS, not 0");
        }
        const MarsalSearchConfig config{nodes, 0, seed};
        MarsalMove mv{};
        check(marsal_game_search_move_timed(handle_.get(), &config, time_ms, &mv, stats));
        return mv;
    }

    // The legal moves of the side to move (empty once the game is over).
    std::vector<MarsalMove> legal_moves() const {
        std::vector<MarsalMove> moves;
        const MarsalGame* g = handle_.get();
        check(detail::read_items<MarsalMove>(
            [g](MarsalMove* buf, std::size_t cap, std::size_t* count) {
                return marsal_game_legal_moves(g, buf, cap, count);
            },
            moves));
        return moves;
    }

    // Plays `mv` for the side to move. Throws `Error` with
    // `MARSAL_STATUS_ILLEGAL_MOVE` or `MARSAL_STATUS_GAME_OVER` (nothing changed).
    MarsalOutcome play(const MarsalMove& mv) {
        MarsalOutcome outcome{};
        check(marsal_game_play(handle_.get(), &mv, &outcome));
        return outcome;
    }

    // Plays a move given as text ("e5-e6", "e5xe6"); unreadable text throws
    // `Error` with `MARSAL_STATUS_PARSE_ERROR`.
    MarsalOutcome play(std::string_view text) {
        const std::string c_text = detail::c_string(text, "move text");
        MarsalOutcome outcome{};
        check(marsal_game_play_text(handle_.get(), c_text.c_str(), &outcome));
        return outcome;
    }

    // Plays up to `max_plies` uniformly random legal moves (stopping when the
    // game ends), recorded like `play`; returns how many were played (0 when
    // the game is already over). The same `seed` gives the same plies.
    std::uint32_t play_random(std::uint32_t max_plies, std::uint64_t seed) {
        std::uint32_t played = 0;
        check(marsal_game_play_random(handle_.get(), max_plies, seed, &played));
        return played;
    }

    // Takes back the last move and returns what it had done; throws `Error`
    // with `MARSAL_STATUS_NOTHING_TO_UNDO` when no move was played.
    MarsalOutcome undo() {
        MarsalOutcome undone{};
        check(marsal_game_undo(handle_.get(), &undone));
        return undone;
    }

    // What the last move did, or nothing when no move has been played.
    std::optional<MarsalOutcome> last_outcome() const {
        MarsalOutcome outcome{};
        const MarsalStatus status = marsal_game_last_outcome(handle_.get(), &outcome);
        if (status == MARSAL_STATUS_NO_OUTCOME) {
            return std::nullopt;
        }
        check(status);
        return outcome;
    }

    // The game's status.
    MarsalGameStatus status() const {
        MarsalGameStatus status{};
        check(marsal_game_status(handle_.get(), &status));
        return status;
    }

    // The board size as (files, ranks).
    std::pair<std::uint8_t, std::uint8_t> board_size() const {
        std::uint8_t files = 0;
        std::uint8_t ranks = 0;
        check(marsal_game_board_size(handle_.get(), &files, &ranks));
        return {files, ranks};
    }

    // What `side` sees (enemy pieces only as the kinds they may be).
    BoardView view(Side side) const {
        BoardView view;
        const auto size = board_size();
        view.files = size.first;
        view.ranks = size.second;
        const MarsalGame* g = handle_.get();
        check(detail::read_items<MarsalSquareView>(
            [g, side](MarsalSquareView* buf, std::size_t cap, std::size_t* count) {
                return marsal_game_view(g, code(side), buf, cap, count);
            },
            view.squares));
        if (view.squares.size() != static_cast<std::size_t>(view.files) * view.ranks) {
            throw std::runtime_error(
                        "marsal_game_view returned " + std::to_string(view.squares.size()) +
                            " squares for a board of " + std::to_string(view.files) + " x " +
                            std::to_string(view.ranks));
        }
        return view;
    }

    // The Zobrist hash of the current position.
    std::uint64_t hash() const {
        std::uint64_t h = 0;
        check(marsal_game_hash(handle_.get(), &h));
        return h;
    }

    // The number of plies played.
    std::uint32_t ply() const {
        std::uint32_t p = 0;
        check(marsal_game_ply(handle_.get(), &p));
        return p;
    }

    // The library's text of `mv` in the current position ("e5-e6", "e5xe6").
    std::string move_text(const MarsalMove& mv) const {
        std::string text;
        const MarsalGame* g = handle_.get();
        check(detail::read_text(
            [g, &mv](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_game_move_text(g, &mv, buf, cap, len);
            },
            text));
        return text;
    }

    // The current position in the position text form (full referee
    // information: for logging, never for a player).
    std::string position_text() const {
        std::string text;
        const MarsalGame* g = handle_.get();
        check(detail::read_text(
            [g](char* buf, std::size_t cap, std::size_t* len) {
                return marsal_game_position_text(g, buf, cap, len);
            },
            text));
        return text;
    }

    // The C handle (still owned by this object); NULL after a move.
    MarsalGame* get() noexcept { return handle_.get(); }
    const MarsalGame* get() const noexcept { return handle_.get(); }

    // Whether this object holds a handle (false after a move).
    explicit operator bool() const noexcept { return static_cast<bool>(handle_); }

private:
    explicit Game(MarsalGame* raw) noexcept : handle_(raw) {}

    std::unique_ptr<MarsalGame, detail::GameDeleter> handle_;
};

// ------------------------------------------------------------------ batches

// Steps every game of `games` by up to `plies_each` random plies in one call
// (game i as by `games[i]->play_random(plies_each, seed * 0x9E3779B9 + i)`);
// returns the plies played, all games together. A NULL element throws `Error`
// with `MARSAL_STATUS_NULL_POINTER` and changes no game.
inline std::uint64_t play_random(const std::vector<Game*>& games, std::uint32_t plies_each,
                                 std::uint64_t seed) {
    std::vector<MarsalGame*> handles;
    handles.reserve(games.size());
    for (Game* g : games) {
        handles.push_back(g != nullptr ? g->get() : nullptr);
    }
    std::uint64_t total = 0;
    check(marsal_games_play_random(handles.data(), handles.size(), plies_each, seed, &total));
    return total;
}

// The legal moves of each of `games`, in one call: element i is what
// `games[i]->legal_moves()` gives.
inline std::vector<std::vector<MarsalMove>> legal_moves(const std::vector<const Game*>& games) {
    std::vector<const MarsalGame*> handles;
    handles.reserve(games.size());
    for (const Game* g : games) {
        handles.push_back(g != nullptr ? g->get() : nullptr);
    }
    std::vector<std::size_t> offsets(games.size() + 1, 0);
    std::vector<MarsalMove> moves(games.size() * MARSAL_MAX_LEGAL_MOVES);
    std::size_t total = 0;
    check(marsal_games_legal_moves(handles.data(), handles.size(), moves.data(), moves.size(),
                                   offsets.data(), &total));
    std::vector<std::vector<MarsalMove>> out(games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        out[i].assign(moves.begin() + static_cast<std::ptrdiff_t>(offsets[i]),
                      moves.begin() + static_cast<std::ptrdiff_t>(offsets[i + 1]));
    }
    return out;
}

// Plays `moves[i]` in `*games[i]` for every i, in one call; the games are
// independent. Returns each game's status (OK, ILLEGAL_MOVE, GAME_OVER, ...)
// and fills `outcomes` (for the games whose move was played); throws `Error`
// only for a NULL game or a size mismatch (then nothing changed).
inline std::vector<MarsalStatus> play(const std::vector<Game*>& games,
                                      const std::vector<MarsalMove>& moves,
                                      std::vector<MarsalOutcome>* outcomes = nullptr) {
    if (moves.size() != games.size()) {
        throw Error(MARSAL_STATUS_INVALID_ARGUMENT, "marsal::play: one move a game");
    }
    std::vector<MarsalGame*> handles;
    handles.reserve(games.size());
    for (Game* g : games) {
        handles.push_back(g != nullptr ? g->get() : nullptr);
    }
    std::vector<MarsalStatus> statuses(games.size(), MARSAL_STATUS_OK);
    if (outcomes != nullptr) {
        outcomes->assign(games.size(), MarsalOutcome{});
    }
    const MarsalStatus status =
        marsal_games_play(handles.data(), handles.size(), moves.data(),
                          outcomes != nullptr ? outcomes->data() : nullptr, statuses.data());
    if (status == MARSAL_STATUS_NULL_POINTER || status == MARSAL_STATUS_PANIC) {
        check(status);
    }
    return statuses;
}

// What `side` sees in each of `games` (all with the same board size), in one
// call: one `BoardView` a game, as `Game::view` gives it.
inline std::vector<BoardView> views(const std::vector<const Game*>& games, Side side) {
    std::vector<const MarsalGame*> handles;
    handles.reserve(games.size());
    for (const Game* g : games) {
        handles.push_back(g != nullptr ? g->get() : nullptr);
    }
    std::vector<MarsalSquareView> cells;
    check(detail::read_items<MarsalSquareView>(
        [&handles, side](MarsalSquareView* buf, std::size_t cap, std::size_t* count) {
            return marsal_games_view(handles.data(), handles.size(), code(side), buf, cap, count);
        },
        cells));
    std::vector<BoardView> out;
    if (games.empty()) {
        return out;
    }
    const auto size = games.front()->board_size();
    const std::size_t block = static_cast<std::size_t>(size.first) * size.second;
    if (cells.size() != block * games.size()) {
        throw std::runtime_error("marsal_games_view returned " + std::to_string(cells.size()) +
                                 " squares for " + std::to_string(games.size()) +
                                 " boards of " + std::to_string(block));
    }
    out.reserve(games.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        BoardView v;
        v.files = size.first;
        v.ranks = size.second;
        const auto first = cells.begin() + static_cast<std::ptrdiff_t>(i * block);
        v.squares.assign(first, first + static_cast<std::ptrdiff_t>(block));
        out.push_back(std::move(v));
    }
    return out;
}

}  // namespace marsal

#endif  // MARSAL_HPP
