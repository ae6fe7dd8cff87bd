// game.cpp: plays one game of random legal moves through the C++ wrapper
// (marsal.hpp) over the C ABI of marsal.
//
//   cargo cinstall -p marsal-ffi --prefix ~/.local   (see README)
//   c++ -std=c++17 -Wall -Wextra -pedantic -Werror game.cpp
//       $(pkg-config --cflags --libs marsal) -o cpp_game
//   ./cpp_game [preset]
//
// The preset (argv[1]) is "marsal_a_spion" (default), "classic" or "barrage".
// Its ruleset gets a ply limit of 3000 (through its JSON form), so every game
// ends, with a line "game over: ...". Then it uses the batch calls (random
// plies inside the library, many views at once, whole random playouts).
// Exits 0 on success, 1 on any error.

#include "marsal.hpp"

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t kMaxPlies = 3000;       // the loop's cap and the ruleset's ply limit
constexpr std::uint64_t kRedSeed = 20240601;    // Red's random setup
constexpr std::uint64_t kBlueSeed = 20240602;   // Blue's random setup
constexpr std::mt19937::result_type kMoveSeed = 12345;  // the random player
constexpr std::uint32_t kMovesShown = 6;        // plies printed at the start

// The ruleset JSON with "max_plies": null replaced by `limit` (unchanged when
// the ruleset already has a limit).
std::string with_ply_limit(std::string json, std::uint32_t limit) {
    const std::string key = "\"max_plies\":";
    const std::string::size_type at = json.find(key);
    if (at == std::string::npos) {
        throw std::runtime_error("the ruleset JSON has no \"max_plies\" field");
    }
    const std::string::size_type value = at + key.size();
    if (json.compare(value, 4, "null") == 0) {
        json.replace(value, 4, std::to_string(limit));
    }
    return json;
}

// The board as `side` sees it: own pieces as letters, enemies as '?' (or the
// lower-case letter when their kind is known), lakes '~', empty '.', squares
// off the board ' '. The highest rank is printed first.
void print_board(const marsal::Game& game, marsal::Side side) {
    const marsal::BoardView view = game.view(side);
    for (int rank = view.ranks - 1; rank >= 0; --rank) {
        const unsigned number = static_cast<unsigned>(rank) + 1U;
        std::cout << (number < 10 ? " " : "") << number << " ";
        for (std::uint8_t file = 0; file < view.files; ++file) {
            const MarsalSquareView& sq = view.at(file, static_cast<std::uint8_t>(rank));
            char c = ' ';
            switch (sq.cell) {
            case MARSAL_CELL_OFF_BOARD: c = ' '; break;
            case MARSAL_CELL_LAKE: c = '~'; break;
            case MARSAL_CELL_EMPTY: c = '.'; break;
            case MARSAL_CELL_OWN: c = marsal::kind_letter(sq.kind); break;
            case MARSAL_CELL_ENEMY:
                c = sq.kind == MARSAL_KIND_NONE
                        ? '?'
                        : static_cast<char>(marsal::kind_letter(sq.kind) - 'A' + 'a');
                break;
            default: c = '!'; break;
            }
            std::cout << ' ' << c;
        }
        std::cout << '\n';
    }
    std::cout << "   ";
    for (std::uint8_t file = 0; file < view.files; ++file) {
        std::cout << ' ' << static_cast<char>('a' + file);
    }
    std::cout << '\n';
}

// One line about a move that was played.
std::string describe(const std::string& text, const MarsalOutcome& o) {
    std::string line = text + " (" + marsal::side_name(o.side) + " " + marsal::kind_name(o.piece);
    if (o.battle != MARSAL_BATTLE_NO_FIGHT) {
        line += std::string(" attacks ") + marsal::kind_name(o.defender) + ": " +
                marsal::battle_name(o.battle);
    }
    return line + ")";
}

// A square holding one of `side`'s pieces that never move (Flag, Bomb, Mine),
// so that moving it is illegal; false when there is none.
bool find_immovable(const marsal::Game& game, marsal::Side side, MarsalSquare& out) {
    const marsal::BoardView view = game.view(side);
    for (std::uint8_t rank = 0; rank < view.ranks; ++rank) {
        for (std::uint8_t file = 0; file < view.files; ++file) {
            const MarsalSquareView& sq = view.at(file, rank);
            if (sq.cell == MARSAL_CELL_OWN &&
                (sq.kind == MARSAL_KIND_FLAG || sq.kind == MARSAL_KIND_BOMB ||
                 sq.kind == MARSAL_KIND_MINE)) {
                out = MarsalSquare{file, rank};
                return true;
            }
        }
    }
    return false;
}

// The batch calls: random plies inside the library, for one game and for
// many; many views at once; whole random games without handles.
int batches(const marsal::Ruleset& rules) {
    std::cout << "\nbatch calls:\n";
    marsal::Game a = marsal::Game::random(rules, 1, 2);
    marsal::Game b = marsal::Game::random(rules, 3, 4);
    const std::uint32_t played = a.play_random(20, kMoveSeed);
    if (a.ply() != played) {
        std::cerr << "error: play_random played " << played << " plies but the game has "
                  << a.ply() << '\n';
        return 1;
    }
    const std::uint64_t total = marsal::play_random({&a, &b}, 10, kMoveSeed);
    std::cout << "  play_random: " << played << " plies, then " << total
              << " more in two games\n";
    const std::vector<marsal::BoardView> seen = marsal::views({&a, &b}, marsal::Side::Blue);
    const marsal::BoardView one = b.view(marsal::Side::Blue);
    if (seen.size() != 2 || seen[1].squares.size() != one.squares.size()) {
        std::cerr << "error: views() does not match view()\n";
        return 1;
    }
    for (std::size_t i = 0; i < one.squares.size(); ++i) {
        const MarsalSquareView& x = seen[1].squares[i];
        const MarsalSquareView& y = one.squares[i];
        if (x.cell != y.cell || x.kind != y.kind || x.possible != y.possible) {
            std::cerr << "error: views() differs from view() at square " << i << '\n';
            return 1;
        }
    }
    std::cout << "  views: 2 boards of " << seen[0].squares.size() << " squares\n";
    try {
        marsal::play_random({&a, nullptr}, 1, 1);
        std::cerr << "error: a NULL game was accepted\n";
        return 1;
    } catch (const marsal::Error& e) {
        if (e.code() != MARSAL_STATUS_NULL_POINTER) {
            std::cerr << "error: expected NULL_POINTER, got " << e.code_name() << '\n';
            return 1;
        }
        std::cout << "  caught: " << e.what() << '\n';
    }
    const MarsalPlayoutSummary s = rules.random_playouts(50, 7, kMaxPlies);
    std::cout << "  random_playouts: " << s.games << " games, " << s.plies << " plies: "
              << s.red_wins << " red wins, " << s.blue_wins << " blue wins, " << s.draws
              << " draws\n";
    if (s.red_wins + s.blue_wins + s.draws != s.games) {
        std::cerr << "error: the playout summary does not add up\n";
        return 1;
    }
    return 0;
}

// The bots: sensible setups, the search bot's move (legal, the same for the
// same seed) and a determinization (consistent with what its side knows).
int bots(const marsal::Ruleset& rules) {
    std::cout << "\nbots:\n";
    marsal::Game game = marsal::Game::sensible(rules, 5, 6);
    std::cout << "  sensible setup (red): " << rules.sensible_setup(marsal::Side::Red, 5) << '\n';
    for (std::uint64_t ply = 0; ply < 6 && game.status().state == MARSAL_STATE_ONGOING; ++ply) {
        MarsalSearchStats stats{};
        const MarsalMove mv = game.search_move(500, ply, &stats);
        const MarsalMove again = game.search_move(500, ply);
        if (mv.from.file != again.from.file || mv.from.rank != again.from.rank ||
            mv.to.file != again.to.file || mv.to.rank != again.to.rank) {
            std::cerr << "error: the search gave two moves for one seed\n";
            return 1;
        }
        std::cout << "  search: " << marsal::move_name(mv) << " (" << stats.nodes << " nodes, depth "
                  << stats.depth << ")\n";
        game.play(mv);
    }
    if (game.status().state == MARSAL_STATE_ONGOING) {
        // A search stopped by the time (5 ms) alone: legal, whatever it reached.
        MarsalSearchStats timed{};
        const MarsalMove mv = game.search_move_timed(5, UINT32_MAX, 1, &timed);
        bool legal = false;
        for (const MarsalMove& m : game.legal_moves()) {
            legal = legal || (m.from.file == mv.from.file && m.from.rank == mv.from.rank &&
                              m.to.file == mv.to.file && m.to.rank == mv.to.rank);
        }
        if (!legal || timed.determinizations == 0) {
            std::cerr << "error: the timed search gave no legal move\n";
            return 1;
        }
        std::cout << "  timed search (5 ms): " << marsal::move_name(mv) << " (" << timed.nodes
                  << " nodes, " << timed.determinizations << " determinizations)\n";
        for (const std::uint32_t bad : {0u, MARSAL_SEARCH_MAX_TIME_MS + 1u}) {
            try {
                game.search_move_timed(bad);
                std::cerr << "error: a time limit of " << bad << " ms was accepted\n";
                return 1;
            } catch (const marsal::Error& e) {
                if (e.code() != MARSAL_STATUS_INVALID_ARGUMENT) {
                    std::cerr << "error: a time limit of " << bad << " ms: " << e.what() << '\n';
                    return 1;
                }
            }
        }
    }
    const marsal::Game sample = game.determinize(marsal::Side::Blue, 1);
    marsal::Game reused = marsal::Game::random(rules, 1, 2);
    game.determinize_into(marsal::Side::Blue, 1, reused);
    if (!sample.is_consistent(game, marsal::Side::Blue) ||
        reused.to_json() != sample.to_json()) {
        std::cerr << "error: a determinization does not agree with Blue's view\n";
        return 1;
    }
    std::cout << "  determinize: consistent with Blue's view\n";
    return 0;
}

// The calls real hosts need: options, copies, saved games,
// positions from text, the full view and chosen-move batches.
int host_calls(const marsal::Ruleset& rules) {
    marsal::Ruleset custom = rules.clone();
    for (const std::string& name : marsal::Ruleset::option_names()) {
        custom.set_option(name, custom.option(name));
    }
    custom.set_option("max_plies", "600");
    custom.set_option("repetition_draw", "3");
    try {
        custom.set_option("max_plies", "0");
        std::cerr << "error: a ply limit of 0 was accepted\n";
        return 1;
    } catch (const marsal::Error& e) {
        if (e.code() != MARSAL_STATUS_INVALID_RULESET || custom.option("max_plies") != "600") {
            std::cerr << "error: a refused option changed the ruleset\n";
            return 1;
        }
    }
    marsal::Game game = marsal::Game::random(custom, 31, 32);
    game.play_random(25, 5);
    marsal::Game copy = game.clone();
    copy.play_random(1, 6);
    const marsal::Game loaded = marsal::Game::from_json(game.to_json());
    const marsal::Game from_text = marsal::Game::from_position_text(custom, game.position_text());
    if (copy.ply() != game.ply() + 1 || loaded.hash() != game.hash() ||
        from_text.hash() != game.hash()) {
        std::cerr << "error: clone, JSON or position text disagree\n";
        return 1;
    }
    MarsalViewInfo info{};
    const marsal::BoardView view = game.view_full(marsal::Side::Blue, info);
    if (view.squares.size() != static_cast<std::size_t>(info.files) * info.ranks ||
        !info.has_last) {
        std::cerr << "error: the full view is incomplete\n";
        return 1;
    }
    std::vector<marsal::Game> games;
    for (std::uint64_t i = 0; i < 4; ++i) {
        games.push_back(marsal::Game::random(custom, 40 + i, 50 + i));
    }
    std::vector<const marsal::Game*> readers;
    std::vector<marsal::Game*> writers;
    for (marsal::Game& g : games) {
        readers.push_back(&g);
        writers.push_back(&g);
    }
    std::uint64_t plies = 0;
    for (int step = 0; step < 100; ++step) {
        const auto lists = marsal::legal_moves(readers);
        std::vector<MarsalMove> chosen;
        for (const auto& list : lists) {
            chosen.push_back(list.empty() ? MarsalMove{} : list[static_cast<std::size_t>(step) % list.size()]);
        }
        for (MarsalStatus s : marsal::play(writers, chosen)) {
            plies += s == MARSAL_STATUS_OK ? 1 : 0;
        }
    }
    std::cout << "host calls: " << marsal::Ruleset::option_names().size() << " options, "
              << plies << " chosen-move plies in 4 games\n";
    return 0;
}

int run(const std::string& preset) {
    std::cout << "marsal " << marsal::version() << ", preset " << preset << '\n';

    // The preset with a ply limit, through its JSON form.
    std::string json;
    {
        const marsal::Ruleset base = marsal::Ruleset::preset(preset);
        json = with_ply_limit(base.to_json(), kMaxPlies);
    }  // `base` is freed here
    const marsal::Ruleset rules = marsal::Ruleset::from_json(json);
    std::cout << "ply limit " << kMaxPlies << " (ruleset JSON: " << json.size() << " bytes)\n";

    // Random setups: from the seeds directly, and through the setup text.
    marsal::Game game = marsal::Game::random(rules, kRedSeed, kBlueSeed);
    {
        const marsal::Game same(rules, rules.random_setup(marsal::Side::Red, kRedSeed),
                                rules.random_setup(marsal::Side::Blue, kBlueSeed));
        if (same.hash() != game.hash()) {
            std::cerr << "error: setups from seeds and from setup text differ\n";
            return 1;
        }
    }
    const auto size = game.board_size();
    std::cout << "board " << unsigned{size.first} << " x " << unsigned{size.second}
              << ", hash " << std::hex << game.hash() << std::dec << '\n';
    std::cout << "\nstart, as red sees it:\n";
    print_board(game, marsal::Side::Red);

    // The exception path: moving a piece that never moves.
    MarsalSquare fixed{};
    if (!find_immovable(game, marsal::Side::Red, fixed)) {
        std::cerr << "error: red has no immovable piece to try\n";
        return 1;
    }
    const MarsalMove illegal{fixed, MarsalSquare{fixed.file, static_cast<std::uint8_t>(fixed.rank + 1)}};
    try {
        game.play(illegal);
        std::cerr << "error: the illegal move " << marsal::move_name(illegal) << " was accepted\n";
        return 1;
    } catch (const marsal::Error& e) {
        if (e.code() != MARSAL_STATUS_ILLEGAL_MOVE) {
            std::cerr << "error: expected ILLEGAL_MOVE, got " << e.code_name() << ": " << e.what()
                      << '\n';
            return 1;
        }
        std::cout << "\ncaught illegal move: " << e.what() << '\n';
    }
    if (game.ply() != 0 || game.last_outcome().has_value()) {
        std::cerr << "error: the illegal move changed the game\n";
        return 1;
    }

    // Undo restores the position exactly.
    {
        const std::uint64_t before = game.hash();
        const std::vector<MarsalMove> moves = game.legal_moves();
        if (moves.empty()) {
            std::cerr << "error: no legal move at the start\n";
            return 1;
        }
        game.play(moves.front());
        const MarsalOutcome undone = game.undo();
        if (game.hash() != before || game.ply() != 0 ||
            undone.mv.from.file != moves.front().from.file ||
            undone.mv.from.rank != moves.front().from.rank) {
            std::cerr << "error: undo did not restore the start\n";
            return 1;
        }
        std::cout << "undo of " << marsal::move_name(moves.front()) << " restored the start\n";
    }

    // Random legal moves until the end (or the cap). Moves are drawn with
    // `rng() % n` rather than a distribution, so the game is the same with
    // every standard library.
    std::mt19937 rng(kMoveSeed);
    std::uint32_t attacks = 0;
    std::cout << "\nfirst plies:\n";
    while (game.ply() < kMaxPlies && !marsal::is_over(game.status())) {
        const std::vector<MarsalMove> moves = game.legal_moves();
        if (moves.empty()) {
            std::cerr << "error: the game goes on but there is no legal move\n";
            return 1;
        }
        const MarsalMove& mv = moves[rng() % moves.size()];
        const std::string text = game.move_text(mv);
        // Play the first ply from its text, the rest as structs.
        const MarsalOutcome o = game.ply() == 0 ? game.play(text) : game.play(mv);
        if (o.battle != MARSAL_BATTLE_NO_FIGHT) {
            ++attacks;
        }
        if (game.ply() <= kMovesShown) {
            std::cout << "  " << game.ply() << ". " << describe(text, o) << '\n';
        }
    }

    const std::uint32_t plies = game.ply();
    const MarsalGameStatus status = game.status();
    std::cout << "\nend, as red sees it:\n";
    print_board(game, marsal::Side::Red);
    if (const auto last = game.last_outcome()) {
        std::cout << "last move: " << describe(marsal::move_name(last->mv), *last) << '\n';
    }
    std::cout << attacks << " attacks, final hash " << std::hex << game.hash() << std::dec
              << ", position text " << game.position_text().size() << " bytes\n";
    if (marsal::is_over(status)) {
        std::cout << "game over: " << marsal::status_text(status) << " after " << plies
                  << " plies\n";
    } else {
        std::cout << "stopped after " << plies << " plies (" << marsal::status_text(status)
                  << ")\n";
    }
    if (batches(rules) != 0) {
        return 1;
    }
    if (bots(rules) != 0) {
        return 1;
    }
    return host_calls(rules);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string preset = argc > 1 ? argv[1] : "marsal_a_spion";
    try {
        return run(preset);
    } catch (const marsal::Error& e) {
        std::cerr << "marsal error " << e.code_name() << ": " << e.what() << '\n';
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << '\n';
    }
    return EXIT_FAILURE;
}
