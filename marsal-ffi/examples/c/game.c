/*
 * game.c: a C11 host of the marsal C ABI.
 *
 * It prints the library version, loads a ruleset (the preset named by argv[1],
 * "marsal_a_spion" by default) with a ply limit added through its JSON form,
 * starts games from random setups, plays them to the end with random legal
 * moves (a seeded LCG: the run is deterministic), takes a move back, prints a
 * side's view, uses the batch calls (many random plies, whole random games or
 * many views in one call), and checks the error paths of the ABI, each with
 * its exact code and a non-empty last error message. Every handle and buffer is
 * freed.
 *
 * Exit status 0 (and a last line "all checks passed") only if every check
 * passed.
 *
 * Build, with libmarsal installed (`cargo cinstall -p marsal-ffi`, see README):
 *   cc -std=c11 -Wall -Wextra -pedantic -Werror game.c \
 *      $(pkg-config --cflags --libs marsal) -o game
 */

#include "marsal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ply limit written into the ruleset (the Czech preset has none), so that
 * random play always ends. */
#define PLY_LIMIT 1500
/* A second guard in the loop itself, should the ruleset keep another limit. */
#define LOOP_CAP (PLY_LIMIT + 100)

static int failures = 0;

/* ------------------------------------------------------------ small helpers */

/* A 64-bit linear congruential generator (Knuth's MMIX constants). */
static uint64_t lcg_state = 0x5eed5eedULL;

static uint64_t lcg_next(void) {
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lcg_state >> 11;
}

static size_t lcg_below(size_t n) { return (size_t)(lcg_next() % (uint64_t)n); }

static const char *status_name(MarsalStatus s) {
    switch (s) {
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

static const char *side_name(uint8_t side) {
    switch (side) {
    case MARSAL_SIDE_RED: return "red";
    case MARSAL_SIDE_BLUE: return "blue";
    default: return "none";
    }
}

static const char *state_name(uint8_t state) {
    switch (state) {
    case MARSAL_STATE_ONGOING: return "ongoing";
    case MARSAL_STATE_WON: return "won";
    case MARSAL_STATE_DRAWN: return "drawn";
    default: return "unknown-state";
    }
}

static const char *win_reason_name(uint8_t reason) {
    switch (reason) {
    case MARSAL_WIN_REASON_FLAG_CAPTURED: return "flag_captured";
    case MARSAL_WIN_REASON_OPPONENT_CANNOT_MOVE: return "opponent_cannot_move";
    default: return "unknown-win-reason";
    }
}

static const char *draw_reason_name(uint8_t reason) {
    switch (reason) {
    case MARSAL_DRAW_REASON_NO_LEGAL_MOVE: return "no_legal_move";
    case MARSAL_DRAW_REASON_NEITHER_CAN_MOVE: return "neither_can_move";
    case MARSAL_DRAW_REASON_NO_HOPE: return "no_hope";
    case MARSAL_DRAW_REASON_PLY_LIMIT: return "ply_limit";
    case MARSAL_DRAW_REASON_NO_ATTACK_LIMIT: return "no_attack_limit";
    case MARSAL_DRAW_REASON_REPETITION: return "repetition";
    default: return "unknown-draw-reason";
    }
}

/* Reads the thread's last error message into a fresh buffer (free it), sizing
 * the buffer with a first call that only asks for the length. NULL if the
 * protocol itself misbehaves. */
static char *last_error(void) {
    size_t len = 0;
    if (marsal_last_error_message(NULL, 0, &len) != MARSAL_STATUS_BUFFER_TOO_SMALL) {
        return NULL;
    }
    char *msg = malloc(len + 1);
    if (msg == NULL) {
        return NULL;
    }
    size_t len2 = 0;
    if (marsal_last_error_message(msg, len + 1, &len2) != MARSAL_STATUS_OK || len2 != len ||
        strlen(msg) != len) {
        free(msg);
        return NULL;
    }
    return msg;
}

static void check(int cond, const char *name) {
    if (cond) {
        printf("ok %s\n", name);
    } else {
        printf("FAIL %s\n", name);
        failures++;
    }
}

/* Checks a call's status against the expected error code, and that the last
 * error message is then non-empty; prints "ok <name>". */
static void expect_error(MarsalStatus got, MarsalStatus want, const char *name) {
    char *msg = last_error();
    int ok = got == want && msg != NULL && msg[0] != '\0';
    if (ok) {
        printf("ok %s (%s: %s)\n", name, status_name(got), msg);
    } else {
        printf("FAIL %s: got %s (%d), want %s (%d); last error message: %s\n", name,
               status_name(got), (int)got, status_name(want), (int)want,
               msg == NULL ? "(unreadable)" : (msg[0] == '\0' ? "(empty)" : msg));
        failures++;
    }
    free(msg);
}

/* Aborts the run on a failure of a call that must succeed. */
static int must(MarsalStatus got, const char *what) {
    if (got == MARSAL_STATUS_OK) {
        return 1;
    }
    char *msg = last_error();
    printf("FAIL %s: %s (%d): %s\n", what, status_name(got), (int)got,
           msg == NULL ? "(no message)" : msg);
    free(msg);
    failures++;
    return 0;
}

/* A random setup as text (free it): asks for the length, then fills a buffer of
 * the right size. */
static char *setup_text(const MarsalRuleset *rules, uint8_t side, uint64_t seed) {
    size_t len = 0;
    MarsalStatus st = marsal_setup_random(rules, side, seed, NULL, 0, &len);
    if (st != MARSAL_STATUS_BUFFER_TOO_SMALL || len == 0) {
        must(st == MARSAL_STATUS_OK ? MARSAL_STATUS_PANIC : st, "marsal_setup_random (size)");
        return NULL;
    }
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        return NULL;
    }
    if (!must(marsal_setup_random(rules, side, seed, buf, len + 1, &len), "marsal_setup_random")) {
        free(buf);
        return NULL;
    }
    return buf;
}

static char *ruleset_json(const MarsalRuleset *rules) {
    size_t len = 0;
    if (marsal_ruleset_to_json(rules, NULL, 0, &len) != MARSAL_STATUS_BUFFER_TOO_SMALL) {
        printf("FAIL marsal_ruleset_to_json did not report its size\n");
        failures++;
        return NULL;
    }
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        return NULL;
    }
    if (!must(marsal_ruleset_to_json(rules, buf, len + 1, &len), "marsal_ruleset_to_json")) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* `json` with `"key":null` replaced by `"key":<value>` (a fresh string), or a
 * copy of `json` when it has no such member. */
static char *json_set_null_member(const char *json, const char *key, const char *value) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":null", key);
    const char *at = strstr(json, pattern);
    size_t n = strlen(json);
    size_t extra = strlen(key) + strlen(value) + 8;
    char *out = malloc(n + extra + 1);
    if (out == NULL) {
        return NULL;
    }
    if (at == NULL) {
        memcpy(out, json, n + 1);
        return out;
    }
    size_t head = (size_t)(at - json);
    snprintf(out, n + extra + 1, "%.*s\"%s\":%s%s", (int)head, json, key, value,
             at + strlen(pattern));
    return out;
}

static uint64_t hash_of(const MarsalGame *game) {
    uint64_t h = 0;
    must(marsal_game_hash(game, &h), "marsal_game_hash");
    return h;
}

static uint32_t ply_of(const MarsalGame *game) {
    uint32_t p = 0;
    must(marsal_game_ply(game, &p), "marsal_game_ply");
    return p;
}

static int same_move(MarsalMove a, MarsalMove b) {
    return a.from.file == b.from.file && a.from.rank == b.from.rank && a.to.file == b.to.file &&
           a.to.rank == b.to.rank;
}

/* Plays random legal moves until the game is over (or LOOP_CAP plies); prints
 * the result line. Returns 1 if the game ended. */
static int play_out(MarsalGame *game, const char *label) {
    static MarsalMove moves[MARSAL_MAX_LEGAL_MOVES];
    MarsalGameStatus st;
    for (int i = 0; i < LOOP_CAP; i++) {
        if (!must(marsal_game_status(game, &st), "marsal_game_status")) {
            return 0;
        }
        if (st.state != MARSAL_STATE_ONGOING) {
            break;
        }
        size_t n = 0;
        if (!must(marsal_game_legal_moves(game, moves, MARSAL_MAX_LEGAL_MOVES, &n),
                  "marsal_game_legal_moves")) {
            return 0;
        }
        if (n == 0) {
            printf("FAIL %s: an ongoing game has no legal move\n", label);
            failures++;
            return 0;
        }
        MarsalOutcome o;
        MarsalMove mv = moves[lcg_below(n)];
        if (!must(marsal_game_play(game, &mv, &o), "marsal_game_play")) {
            return 0;
        }
        if (!same_move(o.mv, mv)) {
            printf("FAIL %s: the outcome names another move\n", label);
            failures++;
        }
    }
    if (!must(marsal_game_status(game, &st), "marsal_game_status")) {
        return 0;
    }
    uint32_t plies = ply_of(game);
    switch (st.state) {
    case MARSAL_STATE_WON:
        printf("result (%s): won by %s (%s) after %" PRIu32 " plies\n", label, side_name(st.side),
               win_reason_name(st.reason), plies);
        break;
    case MARSAL_STATE_DRAWN:
        if (st.reason == MARSAL_DRAW_REASON_NO_LEGAL_MOVE) {
            printf("result (%s): drawn (%s: %s cannot move) after %" PRIu32 " plies\n", label,
                   draw_reason_name(st.reason), side_name(st.side), plies);
        } else {
            printf("result (%s): drawn (%s) after %" PRIu32 " plies\n", label,
                   draw_reason_name(st.reason), plies);
        }
        break;
    default:
        printf("result (%s): %s, %s to move, after %" PRIu32 " plies (not finished)\n", label,
               state_name(st.state), side_name(st.side), plies);
        break;
    }
    return st.state != MARSAL_STATE_ONGOING;
}

/* Prints what `side` sees: own pieces, enemy pieces, enemy pieces of known kind. */
static void view_summary(const MarsalGame *game, uint8_t side) {
    MarsalSquareView cells[MARSAL_GRID_SQUARES];
    size_t count = 0;
    uint8_t files = 0, ranks = 0;
    if (!must(marsal_game_board_size(game, &files, &ranks), "marsal_game_board_size") ||
        !must(marsal_game_view(game, side, cells, MARSAL_GRID_SQUARES, &count),
              "marsal_game_view")) {
        return;
    }
    check(count == (size_t)files * ranks, "view_size_is_files_times_ranks");
    size_t own = 0, enemy = 0, known = 0, lakes = 0, empty = 0;
    for (size_t i = 0; i < count; i++) {
        switch (cells[i].cell) {
        case MARSAL_CELL_OWN: own++; break;
        case MARSAL_CELL_ENEMY:
            enemy++;
            if (cells[i].kind != MARSAL_KIND_NONE) {
                known++;
            }
            break;
        case MARSAL_CELL_LAKE: lakes++; break;
        case MARSAL_CELL_EMPTY: empty++; break;
        default: break;
        }
    }
    printf("view of %s on %ux%u: %zu own, %zu enemy (%zu known), %zu empty, %zu lake squares\n",
           side_name(side), (unsigned)files, (unsigned)ranks, own, enemy, known, empty, lakes);
}

/* ------------------------------------------------------------ the checks */

/* Error paths that need a game in its start position (no move played). */
static void check_game_errors(MarsalGame *game, MarsalGame **out_unused) {
    MarsalStatus st;
    MarsalOutcome o;
    uint64_t h = 0;
    uint64_t before = hash_of(game);
    uint32_t ply_before = ply_of(game);

    /* NULL handle, NULL out pointers. */
    expect_error(marsal_game_hash(NULL, &h), MARSAL_STATUS_NULL_POINTER, "null_game_handle");
    expect_error(marsal_game_legal_moves(NULL, NULL, 0, NULL), MARSAL_STATUS_NULL_POINTER,
                 "null_game_handle_legal_moves");
    expect_error(marsal_game_hash(game, NULL), MARSAL_STATUS_NULL_POINTER, "null_out_pointer");
    expect_error(marsal_version(NULL), MARSAL_STATUS_NULL_POINTER, "null_out_version");
    expect_error(marsal_game_play(game, NULL, NULL), MARSAL_STATUS_NULL_POINTER, "null_move");
    expect_error(marsal_game_new_random(NULL, 1, 2, out_unused), MARSAL_STATUS_NULL_POINTER,
                 "null_ruleset_handle");
    check(*out_unused == NULL, "no_handle_written_on_error");

    /* Nothing played yet. */
    expect_error(marsal_game_last_outcome(game, &o), MARSAL_STATUS_NO_OUTCOME, "no_outcome");
    expect_error(marsal_game_undo(game, &o), MARSAL_STATUS_NOTHING_TO_UNDO, "nothing_to_undo");

    /* An illegal move: from an empty square of the board (visible to anyone). */
    {
        MarsalSquareView cells[MARSAL_GRID_SQUARES];
        size_t count = 0;
        uint8_t files = 0, ranks = 0;
        MarsalMove mv = {{0, 0}, {0, 0}};
        int found = 0;
        if (must(marsal_game_board_size(game, &files, &ranks), "marsal_game_board_size") &&
            must(marsal_game_view(game, MARSAL_SIDE_RED, cells, MARSAL_GRID_SQUARES, &count),
                 "marsal_game_view")) {
            for (size_t i = 0; i < count && !found; i++) {
                if (cells[i].cell == MARSAL_CELL_EMPTY) {
                    uint8_t f = (uint8_t)(i % files), r = (uint8_t)(i / files);
                    mv.from.file = f;
                    mv.from.rank = r;
                    mv.to.file = f;
                    mv.to.rank = (uint8_t)(r + 1 < ranks ? r + 1 : r - 1);
                    found = 1;
                }
            }
        }
        check(found, "found_empty_square");
        st = marsal_game_play(game, &mv, &o);
        expect_error(st, MARSAL_STATUS_ILLEGAL_MOVE, "illegal_move");
        check(hash_of(game) == before && ply_of(game) == ply_before,
              "illegal_move_leaves_hash_unchanged");
    }

    /* Text that is not a move. */
    expect_error(marsal_game_play_text(game, "not a move", &o), MARSAL_STATUS_PARSE_ERROR,
                 "unparsable_move_text");
    check(hash_of(game) == before, "unparsable_move_leaves_hash_unchanged");

    /* Invalid UTF-8. */
    expect_error(marsal_game_play_text(game, "e4\xff-e5", &o), MARSAL_STATUS_INVALID_UTF8,
                 "invalid_utf8_move_text");

    /* A square outside the 12 x 12 grid. */
    {
        MarsalMove off = {{12, 0}, {12, 1}};
        expect_error(marsal_game_play(game, &off, &o), MARSAL_STATUS_INVALID_ARGUMENT,
                     "square_outside_grid");
        char text[32];
        size_t len = 0;
        MarsalMove off2 = {{0, 0}, {0, 200}};
        expect_error(marsal_game_move_text(game, &off2, text, sizeof text, &len),
                     MARSAL_STATUS_INVALID_ARGUMENT, "square_outside_grid_move_text");
        check(hash_of(game) == before, "outside_square_leaves_hash_unchanged");
    }

    /* A bad side code. */
    {
        MarsalSquareView cells[MARSAL_GRID_SQUARES];
        size_t count = 0;
        expect_error(marsal_game_view(game, 7, cells, MARSAL_GRID_SQUARES, &count),
                     MARSAL_STATUS_INVALID_ARGUMENT, "bad_side_code_view");
    }

    /* A too-small buffer for the legal moves: the count needed is reported. */
    {
        size_t needed = 0, reported = 0;
        MarsalMove one[1];
        st = marsal_game_legal_moves(game, NULL, 0, &needed);
        check(st == MARSAL_STATUS_BUFFER_TOO_SMALL && needed > 1, "legal_moves_count_query");
        st = marsal_game_legal_moves(game, one, 1, &reported);
        expect_error(st, MARSAL_STATUS_BUFFER_TOO_SMALL, "buffer_too_small_legal_moves");
        check(reported == needed, "buffer_too_small_reports_needed_count");
    }

    /* A too-small buffer for the last error message: the length is reported. */
    {
        char *full = last_error();
        char tiny[4] = {'x', 'x', 'x', 'x'};
        size_t len = 0;
        st = marsal_last_error_message(tiny, sizeof tiny, &len);
        check(st == MARSAL_STATUS_BUFFER_TOO_SMALL && full != NULL && strlen(full) >= sizeof tiny &&
                  len == strlen(full),
              "buffer_too_small_last_error_message");
        char *again = last_error();
        check(again != NULL && full != NULL && strcmp(again, full) == 0,
              "last_error_message_survives_its_own_failure");
        free(again);
        free(full);
    }

    /* A too-small buffer for a text output. */
    {
        char small[3];
        size_t len = 0, needed = 0;
        marsal_game_position_text(game, NULL, 0, &needed);
        st = marsal_game_position_text(game, small, sizeof small, &len);
        expect_error(st, MARSAL_STATUS_BUFFER_TOO_SMALL, "buffer_too_small_position_text");
        check(len == needed && len > sizeof small, "buffer_too_small_reports_needed_length");
    }
}

/* Error paths of rulesets and setups. */
static void check_ruleset_errors(const MarsalRuleset *rules, const char *json) {
    MarsalRuleset *r = NULL;
    MarsalGame *g = NULL;
    MarsalStatus st;

    expect_error(marsal_ruleset_preset("no_such_game", &r), MARSAL_STATUS_PARSE_ERROR,
                 "unknown_preset");
    check(r == NULL, "unknown_preset_writes_no_handle");
    expect_error(marsal_ruleset_preset("classic", NULL), MARSAL_STATUS_NULL_POINTER,
                 "null_out_preset");
    expect_error(marsal_ruleset_preset(NULL, &r), MARSAL_STATUS_NULL_POINTER, "null_preset_name");
    expect_error(marsal_ruleset_preset("marsal_\xc3\x28", &r), MARSAL_STATUS_INVALID_UTF8,
                 "invalid_utf8_preset_name");
    expect_error(marsal_ruleset_from_json("{\"board\": [", &r), MARSAL_STATUS_PARSE_ERROR,
                 "bad_ruleset_json");
    expect_error(marsal_ruleset_from_json("{\"no_such_field\": 1}", &r),
                 MARSAL_STATUS_PARSE_ERROR, "ruleset_json_unknown_field");

    /* JSON that parses but does not validate: a ply limit of 0. */
    {
        char *bad = NULL;
        if (strstr(json, "\"max_plies\":null") != NULL) {
            bad = json_set_null_member(json, "max_plies", "0");
        } else {
            const char *at = strstr(json, "\"max_plies\":");
            if (at != NULL) {
                /* Replace the number after the key by 0. */
                size_t head = (size_t)(at - json) + strlen("\"max_plies\":");
                const char *tail = json + head;
                while (*tail >= '0' && *tail <= '9') {
                    tail++;
                }
                bad = malloc(strlen(json) + 2);
                if (bad != NULL) {
                    sprintf(bad, "%.*s0%s", (int)head, json, tail);
                }
            }
        }
        check(bad != NULL, "made_invalid_ruleset_json");
        if (bad != NULL) {
            expect_error(marsal_ruleset_from_json(bad, &r), MARSAL_STATUS_INVALID_RULESET,
                         "invalid_ruleset");
            check(r == NULL, "invalid_ruleset_writes_no_handle");
        }
        free(bad);
    }

    /* Setups. */
    expect_error(marsal_setup_random(rules, 7, 1, NULL, 0, NULL), MARSAL_STATUS_INVALID_ARGUMENT,
                 "bad_side_code_setup");
    char *red = setup_text(rules, MARSAL_SIDE_RED, 11);
    char *blue = setup_text(rules, MARSAL_SIDE_BLUE, 12);
    check(red != NULL && blue != NULL, "random_setups");
    if (red != NULL && blue != NULL) {
        {
            char small[5];
            size_t len = 0;
            st = marsal_setup_random(rules, MARSAL_SIDE_RED, 11, small, sizeof small, &len);
            expect_error(st, MARSAL_STATUS_BUFFER_TOO_SMALL, "buffer_too_small_setup_text");
            check(len == strlen(red), "setup_text_length_reported");
        }
        expect_error(marsal_game_new(rules, "this is no setup", blue, &g),
                     MARSAL_STATUS_PARSE_ERROR, "malformed_setup_text");
        check(g == NULL, "malformed_setup_writes_no_handle");

        /* Well-formed but the wrong army: one piece changed into another kind
         * that the text already uses (so the letter is valid). */
        char *wrong = malloc(strlen(red) + 1);
        if (wrong != NULL) {
            memcpy(wrong, red, strlen(red) + 1);
            char other = 0;
            for (const char *p = red; *p != '\0'; p++) {
                if (*p != '/' && *p != red[0]) {
                    other = *p;
                    break;
                }
            }
            wrong[0] = other;
            check(other != 0, "made_wrong_count_setup");
            expect_error(marsal_game_new(rules, wrong, blue, &g), MARSAL_STATUS_INVALID_SETUP,
                         "wrong_count_setup");
            check(g == NULL, "invalid_setup_writes_no_handle");
            free(wrong);
        }
        expect_error(marsal_game_new(rules, red, "\xfe\xff", &g), MARSAL_STATUS_INVALID_UTF8,
                     "invalid_utf8_setup_text");
        expect_error(marsal_game_new(rules, red, NULL, &g), MARSAL_STATUS_NULL_POINTER,
                     "null_setup_text");
        expect_error(marsal_game_new(rules, red, blue, NULL), MARSAL_STATUS_NULL_POINTER,
                     "null_out_game_new");
    }
    free(red);
    free(blue);
    marsal_game_free(g); /* NULL: ignored */
    marsal_ruleset_free(r);
}

/* ------------------------------------------------------------ batch calls */

static int same_cell(MarsalSquareView a, MarsalSquareView b) {
    return a.cell == b.cell && a.kind == b.kind && a.possible == b.possible;
}

/* The calls that do many plies, games or views at once, and their error paths.
 * `other_preset` has a board of another size than `rules`. */
static void check_batches(const MarsalRuleset *rules, const char *other_preset) {
    enum { BATCH = 3 };
    MarsalGame *games[BATCH] = {NULL, NULL, NULL};
    MarsalGame *other = NULL;
    MarsalRuleset *other_rules = NULL;
    MarsalSquareView *cells = NULL;
    MarsalStatus st;

    for (int i = 0; i < BATCH; i++) {
        if (!must(marsal_game_new_random(rules, 100 + (uint64_t)i, 200 + (uint64_t)i, &games[i]),
                  "marsal_game_new_random")) {
            goto done;
        }
    }

    /* marsal_game_play_random: the plies are in the history, undo takes them back. */
    {
        uint64_t h0 = hash_of(games[0]);
        uint32_t played = 0;
        if (must(marsal_game_play_random(games[0], 30, 7, &played), "marsal_game_play_random")) {
            /* Fewer only if the game ended first. */
            MarsalGameStatus gs;
            check(marsal_game_status(games[0], &gs) == MARSAL_STATUS_OK &&
                      ply_of(games[0]) == played &&
                      (played == 30 || (played < 30 && gs.state != MARSAL_STATE_ONGOING)),
                  "play_random_plays_max_plies");
            MarsalOutcome last;
            check(played == 0 ||
                      marsal_game_last_outcome(games[0], &last) == MARSAL_STATUS_OK,
                  "play_random_records_outcomes");
            uint32_t undone = 0;
            while (marsal_game_undo(games[0], NULL) == MARSAL_STATUS_OK) {
                undone++;
            }
            check(undone == played && hash_of(games[0]) == h0 && ply_of(games[0]) == 0,
                  "play_random_undo_restores_start");
        }
        /* The same seed plays the same plies. */
        uint32_t first = 0, second = 0;
        if (must(marsal_game_play_random(games[0], 25, 11, &first), "marsal_game_play_random")) {
            uint64_t h1 = hash_of(games[0]);
            for (uint32_t i = 0; i < first; i++) {
                must(marsal_game_undo(games[0], NULL), "marsal_game_undo");
            }
            must(marsal_game_play_random(games[0], 25, 11, &second), "marsal_game_play_random");
            check(hash_of(games[0]) == h1 && second == first && ply_of(games[0]) == first,
                  "play_random_same_seed_same_plies");
        }
        expect_error(marsal_game_play_random(NULL, 5, 1, &played), MARSAL_STATUS_NULL_POINTER,
                     "null_game_play_random");
    }

    /* Play a whole game in one call: it stops at the end. */
    {
        uint32_t played = 0;
        uint32_t before = ply_of(games[2]);
        MarsalGameStatus gs;
        if (must(marsal_game_play_random(games[2], LOOP_CAP, 3, &played),
                 "marsal_game_play_random") &&
            must(marsal_game_status(games[2], &gs), "marsal_game_status")) {
            check(gs.state != MARSAL_STATE_ONGOING && ply_of(games[2]) == before + played,
                  "play_random_plays_to_the_end");
            printf("result (marsal_game_play_random): %s after %" PRIu32 " plies\n",
                   state_name(gs.state), ply_of(games[2]));
            played = 99;
            check(marsal_game_play_random(games[2], 10, 4, &played) == MARSAL_STATUS_OK &&
                      played == 0,
                  "play_random_on_a_finished_game_plays_nothing");
        }
    }

    /* marsal_games_play_random: many games a few plies each. */
    {
        uint32_t plies[BATCH];
        for (int i = 0; i < BATCH; i++) {
            plies[i] = ply_of(games[i]);
        }
        uint64_t total = 0;
        if (must(marsal_games_play_random(games, BATCH, 4, 5, &total),
                 "marsal_games_play_random")) {
            uint64_t sum = 0;
            for (int i = 0; i < BATCH; i++) {
                sum += ply_of(games[i]) - plies[i];
            }
            /* games[2] is over: it plays nothing; the others up to 4 plies. */
            check(total == sum && total <= 8 && ply_of(games[2]) == plies[2],
                  "games_play_random_total");
        }
        MarsalGame *with_null[BATCH] = {games[0], NULL, games[1]};
        uint32_t p0 = ply_of(games[0]);
        expect_error(marsal_games_play_random(with_null, BATCH, 4, 5, &total),
                     MARSAL_STATUS_NULL_POINTER, "null_game_in_games_play_random");
        check(ply_of(games[0]) == p0, "games_play_random_null_changes_nothing");
        expect_error(marsal_games_play_random(NULL, 2, 4, 5, &total), MARSAL_STATUS_NULL_POINTER,
                     "null_array_games_play_random");
    }

    /* marsal_random_playouts: complete games without handles. */
    {
        MarsalPlayoutSummary sum;
        memset(&sum, 0, sizeof sum);
        if (must(marsal_random_playouts(rules, 20, 9, PLY_LIMIT, &sum),
                 "marsal_random_playouts")) {
            check(sum.games == 20 && sum.red_wins + sum.blue_wins + sum.draws == 20 &&
                      sum.plies > 0 && sum.plies <= 20ULL * PLY_LIMIT,
                  "random_playouts_summary");
            printf("result (marsal_random_playouts): %" PRIu32 " games, %" PRIu64
                   " plies: %" PRIu32 " red wins, %" PRIu32 " blue wins, %" PRIu32 " draws\n",
                   sum.games, sum.plies, sum.red_wins, sum.blue_wins, sum.draws);
            MarsalPlayoutSummary again;
            memset(&again, 0, sizeof again);
            check(marsal_random_playouts(rules, 20, 9, PLY_LIMIT, &again) == MARSAL_STATUS_OK &&
                      again.plies == sum.plies && again.red_wins == sum.red_wins &&
                      again.draws == sum.draws,
                  "random_playouts_deterministic");
        }
        expect_error(marsal_random_playouts(rules, 5, 1, 0, &sum), MARSAL_STATUS_INVALID_ARGUMENT,
                     "random_playouts_zero_max_plies");
        expect_error(marsal_random_playouts(NULL, 5, 1, 100, &sum), MARSAL_STATUS_NULL_POINTER,
                     "random_playouts_null_ruleset");
        expect_error(marsal_random_playouts(rules, 5, 1, 100, NULL), MARSAL_STATUS_NULL_POINTER,
                     "random_playouts_null_out");
    }

    /* marsal_games_view: one block per game, each what marsal_game_view writes. */
    {
        const MarsalGame *list[BATCH] = {games[0], games[1], games[2]};
        uint8_t files = 0, ranks = 0;
        size_t needed = 0, n = 0;
        if (!must(marsal_game_board_size(games[0], &files, &ranks), "marsal_game_board_size")) {
            goto done;
        }
        size_t block = (size_t)files * ranks;
        st = marsal_games_view(list, BATCH, MARSAL_SIDE_BLUE, NULL, 0, &needed);
        check(st == MARSAL_STATUS_BUFFER_TOO_SMALL && needed == BATCH * block,
              "games_view_size_query");
        cells = malloc(BATCH * block * sizeof *cells);
        if (cells == NULL) {
            goto done;
        }
        n = 0;
        st = marsal_games_view(list, BATCH, MARSAL_SIDE_BLUE, cells, BATCH * block - 1, &n);
        expect_error(st, MARSAL_STATUS_BUFFER_TOO_SMALL, "buffer_too_small_games_view");
        check(n == BATCH * block, "games_view_reports_needed_count");
        if (must(marsal_games_view(list, BATCH, MARSAL_SIDE_BLUE, cells, BATCH * block, &n),
                 "marsal_games_view")) {
            int same = n == BATCH * block;
            MarsalSquareView one[MARSAL_GRID_SQUARES];
            for (int i = 0; i < BATCH && same; i++) {
                size_t m = 0;
                if (!must(marsal_game_view(list[i], MARSAL_SIDE_BLUE, one, MARSAL_GRID_SQUARES,
                                           &m),
                          "marsal_game_view")) {
                    same = 0;
                    break;
                }
                same = m == block;
                for (size_t k = 0; k < block && same; k++) {
                    same = same_cell(cells[(size_t)i * block + k], one[k]);
                }
            }
            check(same, "games_view_blocks_are_game_views");
        }
        expect_error(marsal_games_view(list, BATCH, 2, cells, BATCH * block, &n),
                     MARSAL_STATUS_INVALID_ARGUMENT, "bad_side_code_games_view");
        const MarsalGame *with_null[BATCH] = {games[0], games[1], NULL};
        expect_error(marsal_games_view(with_null, BATCH, MARSAL_SIDE_RED, cells, BATCH * block,
                                       &n),
                     MARSAL_STATUS_NULL_POINTER, "null_game_in_games_view");
        {
            char *msg = last_error();
            check(msg != NULL && strstr(msg, "games[2]") != NULL,
                  "null_game_message_names_the_index");
            free(msg);
        }
        expect_error(marsal_games_view(NULL, BATCH, MARSAL_SIDE_RED, cells, BATCH * block, &n),
                     MARSAL_STATUS_NULL_POINTER, "null_array_games_view");
        /* Games of different board sizes do not share one call. */
        if (must(marsal_ruleset_preset(other_preset, &other_rules), "marsal_ruleset_preset") &&
            must(marsal_game_new_random(other_rules, 1, 2, &other), "marsal_game_new_random")) {
            const MarsalGame *mixed[2] = {games[0], other};
            expect_error(marsal_games_view(mixed, 2, MARSAL_SIDE_RED, cells, BATCH * block, &n),
                         MARSAL_STATUS_INVALID_ARGUMENT, "mixed_board_sizes_games_view");
        }
        n = 99;
        check(marsal_games_view(NULL, 0, MARSAL_SIDE_RED, NULL, 0, &n) == MARSAL_STATUS_OK &&
                  n == 0,
              "games_view_of_no_games");
    }

done:
    free(cells);
    for (int i = 0; i < BATCH; i++) {
        marsal_game_free(games[i]);
    }
    marsal_game_free(other);
    marsal_ruleset_free(other_rules);
}

/* ------------------------------------------------------------ main */

/* ------------------------------------------------------ calls for real hosts */

/* A text output through a size query and a second call (free it); NULL on
 * failure. Checks strlen == len. */
typedef MarsalStatus (*game_text_fn)(const MarsalGame *, char *, size_t, size_t *);

static char *game_text(const MarsalGame *game, game_text_fn f, const char *what) {
    size_t len = 0;
    if (f(game, NULL, 0, &len) != MARSAL_STATUS_BUFFER_TOO_SMALL) {
        check(0, what);
        return NULL;
    }
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        return NULL;
    }
    size_t len2 = 0;
    if (!must(f(game, buf, len + 1, &len2), what) || len2 != len || strlen(buf) != len) {
        free(buf);
        return NULL;
    }
    return buf;
}

static char *option_value(const MarsalRuleset *rules, const char *name) {
    size_t len = 0;
    if (marsal_ruleset_get_option(rules, name, NULL, 0, &len) != MARSAL_STATUS_BUFFER_TOO_SMALL) {
        check(0, "marsal_ruleset_get_option (size)");
        return NULL;
    }
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        return NULL;
    }
    if (!must(marsal_ruleset_get_option(rules, name, buf, len + 1, &len),
              "marsal_ruleset_get_option") ||
        strlen(buf) != len) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Ruleset options: list them, read each and write it back; set a few. */
static void check_options(const char *preset) {
    MarsalRuleset *r = NULL;
    if (!must(marsal_ruleset_preset(preset, &r), "marsal_ruleset_preset")) {
        return;
    }
    size_t len = 0;
    char names[512];
    if (must(marsal_ruleset_option_names(names, sizeof names, &len),
             "marsal_ruleset_option_names")) {
        int all = 1, count = 0;
        char *save = names;
        for (char *p = names;; p++) {
            if (*p == ',' || *p == '\0') {
                int end = *p == '\0';
                *p = '\0';
                char *v = option_value(r, save);
                all = all && v != NULL &&
                      marsal_ruleset_set_option(r, save, v) == MARSAL_STATUS_OK;
                free(v);
                count++;
                save = p + 1;
                if (end) {
                    break;
                }
            }
        }
        check(all && count >= 12, "every_option_reads_and_writes_back");
    }
    must(marsal_ruleset_set_option(r, "max_plies", "700"), "set max_plies");
    must(marsal_ruleset_set_option(r, "repetition_draw", "3"), "set repetition_draw");
    must(marsal_ruleset_set_option(r, "first_to_move", "blue"), "set first_to_move");
    char *v = option_value(r, "first_to_move");
    check(v != NULL && strcmp(v, "blue") == 0, "option_first_to_move_is_blue");
    free(v);
    expect_error(marsal_ruleset_set_option(r, "max_plies", "0"), MARSAL_STATUS_INVALID_RULESET,
                 "option_zero_ply_limit");
    expect_error(marsal_ruleset_set_option(r, "spy_rule", "sometimes"),
                 MARSAL_STATUS_PARSE_ERROR, "option_bad_value");
    expect_error(marsal_ruleset_set_option(r, "no_such_option\x1b", "1"),
                 MARSAL_STATUS_INVALID_ARGUMENT, "option_unknown_name");
    expect_error(marsal_ruleset_set_option(NULL, "max_plies", "1"), MARSAL_STATUS_NULL_POINTER,
                 "option_null_ruleset");
    v = option_value(r, "max_plies");
    check(v != NULL && strcmp(v, "700") == 0, "failed_set_leaves_the_option");
    free(v);
    /* A game made now moves Blue first and ends by the new ply limit. */
    MarsalGame *g = NULL;
    if (must(marsal_game_new_random(r, 5, 6, &g), "marsal_game_new_random")) {
        MarsalGameStatus st;
        must(marsal_game_status(g, &st), "marsal_game_status");
        check(st.side == MARSAL_SIDE_BLUE, "blue_moves_first");
        uint32_t played = 0;
        must(marsal_game_play_random(g, 10000, 1, &played), "marsal_game_play_random");
        check(played <= 700, "new_ply_limit_applies");
        marsal_game_free(g);
    }
    marsal_ruleset_free(r);
}

/* Clones, JSON save and load, positions from text, the full view. */
static void check_copies(const MarsalRuleset *rules) {
    MarsalGame *g = NULL, *copy = NULL, *loaded = NULL, *from_text = NULL;
    char *json = NULL, *json2 = NULL, *pos = NULL, *pos2 = NULL;
    if (!must(marsal_game_new_random(rules, 21, 22, &g), "marsal_game_new_random")) {
        return;
    }
    uint32_t played = 0;
    must(marsal_game_play_random(g, 40, 3, &played), "marsal_game_play_random");
    if (!must(marsal_game_clone(g, &copy), "marsal_game_clone")) {
        goto out;
    }
    check(hash_of(copy) == hash_of(g) && ply_of(copy) == ply_of(g), "clone_is_equal");
    must(marsal_game_play_random(copy, 1, 4, &played), "marsal_game_play_random");
    check(ply_of(copy) == ply_of(g) + played, "clone_is_independent");
    expect_error(marsal_game_clone(NULL, &loaded), MARSAL_STATUS_NULL_POINTER, "clone_null");

    json = game_text(g, marsal_game_to_json, "marsal_game_to_json");
    if (json != NULL && must(marsal_game_from_json(json, &loaded), "marsal_game_from_json")) {
        json2 = game_text(loaded, marsal_game_to_json, "marsal_game_to_json");
        check(json2 != NULL && strcmp(json, json2) == 0 && hash_of(loaded) == hash_of(g),
              "game_json_round_trips");
    }
    MarsalGame *bad = NULL;
    expect_error(marsal_game_from_json("{\"start\": 1}", &bad), MARSAL_STATUS_PARSE_ERROR,
                 "game_json_bad");

    pos = game_text(g, marsal_game_position_text, "marsal_game_position_text");
    if (pos != NULL && must(marsal_game_from_position_text(rules, pos, &from_text),
                            "marsal_game_from_position_text")) {
        pos2 = game_text(from_text, marsal_game_position_text, "marsal_game_position_text");
        check(pos2 != NULL && strcmp(pos, pos2) == 0 && hash_of(from_text) == hash_of(g),
              "position_text_round_trips");
    }
    expect_error(marsal_game_from_position_text(rules, "\x01\x02 r", &bad),
                 MARSAL_STATUS_PARSE_ERROR, "position_text_bad");

    /* The full view of each side: squares as marsal_game_view, counts left, and
     * the last move as that side saw it. */
    for (uint8_t side = 0; side < 2; side++) {
        MarsalSquareView cells[MARSAL_GRID_SQUARES], cells2[MARSAL_GRID_SQUARES];
        size_t n = 0, n2 = 0;
        MarsalViewInfo info;
        MarsalOutcome last;
        if (must(marsal_game_view_full(g, side, cells, MARSAL_GRID_SQUARES, &n, &info),
                 "marsal_game_view_full") &&
            must(marsal_game_view(g, side, cells2, MARSAL_GRID_SQUARES, &n2), "marsal_game_view") &&
            must(marsal_game_last_outcome(g, &last), "marsal_game_last_outcome")) {
            int same = n == n2;
            for (size_t i = 0; same && i < n; i++) {
                same = same_cell(cells[i], cells2[i]);
            }
            check(same, "view_full_squares_are_the_view");
            int own_left = 0;
            for (int k = 0; k < MARSAL_KIND_COUNT; k++) {
                own_left += info.remaining[side][k];
            }
            check(own_left > 0 && info.side == side && info.ply == ply_of(g), "view_full_info");
            int shown = last.side == side || last.attacker_revealed;
            check(info.has_last && same_move(info.last.mv, last.mv) &&
                      info.last.piece == (shown ? last.piece : MARSAL_KIND_NONE),
                  "view_full_last_as_seen");
        }
    }
    {
        MarsalViewInfo info;
        expect_error(marsal_game_view_full(g, 0, NULL, 0, NULL, NULL), MARSAL_STATUS_NULL_POINTER,
                     "view_full_null_info");
        expect_error(marsal_game_view_full(g, 7, NULL, 0, NULL, &info),
                     MARSAL_STATUS_INVALID_ARGUMENT, "view_full_bad_side");
    }
out:
    marsal_game_free(g);
    marsal_game_free(copy);
    marsal_game_free(loaded);
    marsal_game_free(from_text);
    free(json);
    free(json2);
    free(pos);
    free(pos2);
}

/* A trainer's step: the legal moves of N games in one call, one move chosen
 * for each by the host, all played in one call. */
#define BATCH 8
static void check_chosen_batches(const MarsalRuleset *rules) {
    MarsalGame *games[BATCH] = {0};
    int made = 1;
    for (int i = 0; i < BATCH; i++) {
        made = made && must(marsal_game_new_random(rules, 100 + (uint64_t)i, 200 + (uint64_t)i,
                                                   &games[i]),
                            "marsal_game_new_random");
    }
    size_t cap = (size_t)BATCH * MARSAL_MAX_LEGAL_MOVES;
    MarsalMove *moves = malloc(cap * sizeof *moves);
    if (!made || moves == NULL) {
        goto out;
    }
    size_t offsets[BATCH + 1], total = 0;
    MarsalMove chosen[BATCH];
    MarsalOutcome outcomes[BATCH];
    MarsalStatus statuses[BATCH];
    uint64_t plies = 0;
    int steps_ok = 1;
    expect_error(marsal_games_legal_moves((const MarsalGame *const *)games, BATCH, NULL, 0,
                                          offsets, &total),
                 MARSAL_STATUS_BUFFER_TOO_SMALL, "games_legal_moves_size_query");
    for (int step = 0; step < 200; step++) {
        if (!must(marsal_games_legal_moves((const MarsalGame *const *)games, BATCH, moves, cap,
                                           offsets, &total),
                  "marsal_games_legal_moves")) {
            steps_ok = 0;
            break;
        }
        int any = 0;
        for (int i = 0; i < BATCH; i++) {
            size_t n = offsets[i + 1] - offsets[i];
            if (n == 0) {
                /* Over: any move; the game reports GAME_OVER. */
                chosen[i] = moves[0];
                continue;
            }
            any = 1;
            chosen[i] = moves[offsets[i] + lcg_below(n)];
        }
        if (!any) {
            break;
        }
        MarsalStatus s = marsal_games_play(games, BATCH, chosen, outcomes, statuses);
        if (s != MARSAL_STATUS_OK && s != MARSAL_STATUS_GAME_OVER) {
            must(s, "marsal_games_play");
            steps_ok = 0;
            break;
        }
        if (s == MARSAL_STATUS_GAME_OVER) {
            char *msg = last_error(); /* strlen == len checked */
            steps_ok = steps_ok && msg != NULL;
            free(msg);
        }
        for (int i = 0; i < BATCH; i++) {
            if (statuses[i] == MARSAL_STATUS_OK) {
                plies++;
                steps_ok = steps_ok && same_move(outcomes[i].mv, chosen[i]);
            } else {
                steps_ok = steps_ok && statuses[i] == MARSAL_STATUS_GAME_OVER;
            }
        }
    }
    check(steps_ok && plies > 0, "chosen_move_batches");
    printf("chosen-move batches: %" PRIu64 " plies in %d games\n", plies, BATCH);
    {
        MarsalMove bad = {{0, 0}, {11, 11}};
        MarsalMove two[2] = {chosen[0], bad};
        MarsalGame *pair[2] = {games[0], NULL};
        expect_error(marsal_games_play(pair, 2, two, NULL, NULL), MARSAL_STATUS_NULL_POINTER,
                     "games_play_null_game");
        expect_error(marsal_games_legal_moves(NULL, 2, moves, cap, offsets, &total),
                     MARSAL_STATUS_NULL_POINTER, "games_legal_moves_null_games");
    }
out:
    free(moves);
    for (int i = 0; i < BATCH; i++) {
        marsal_game_free(games[i]);
    }
}

int main(int argc, char **argv) {
    const char *preset = argc > 1 ? argv[1] : "marsal_a_spion";
    const char *version = NULL;
    MarsalRuleset *preset_rules = NULL, *rules = NULL;
    MarsalGame *game = NULL, *game2 = NULL, *unused = NULL;
    char *json = NULL, *limited = NULL, *red = NULL, *blue = NULL;

    if (!must(marsal_version(&version), "marsal_version")) {
        goto done;
    }
    printf("marsal version %s\n", version);

    /* The ruleset: the preset, with a ply limit added through its JSON form. */
    if (!must(marsal_ruleset_preset(preset, &preset_rules), "marsal_ruleset_preset")) {
        goto done;
    }
    json = ruleset_json(preset_rules);
    if (json == NULL) {
        goto done;
    }
    {
        char value[16];
        snprintf(value, sizeof value, "%d", PLY_LIMIT);
        limited = json_set_null_member(json, "max_plies", value);
    }
    if (limited == NULL || !must(marsal_ruleset_from_json(limited, &rules),
                                 "marsal_ruleset_from_json")) {
        goto done;
    }
    printf("ruleset %s (%zu bytes of JSON), ply limit %d\n", preset, strlen(json), PLY_LIMIT);

    /* A game from two random setups. */
    red = setup_text(rules, MARSAL_SIDE_RED, lcg_next());
    blue = setup_text(rules, MARSAL_SIDE_BLUE, lcg_next());
    if (red == NULL || blue == NULL) {
        goto done;
    }
    printf("red setup:  %s\nblue setup: %s\n", red, blue);
    if (!must(marsal_game_new(rules, red, blue, &game), "marsal_game_new")) {
        goto done;
    }
    check(game != NULL, "marsal_game_new");

    check_game_errors(game, &unused);

    /* Play one move, take it back: the position (hash, ply) is restored. */
    {
        MarsalMove moves[MARSAL_MAX_LEGAL_MOVES];
        size_t n = 0;
        MarsalOutcome played, undone, last;
        uint64_t h0 = hash_of(game);
        if (must(marsal_game_legal_moves(game, moves, MARSAL_MAX_LEGAL_MOVES, &n),
                 "marsal_game_legal_moves") &&
            n > 0) {
            MarsalMove mv = moves[lcg_below(n)];
            char text[32];
            size_t len = 0;
            must(marsal_game_move_text(game, &mv, text, sizeof text, &len),
                 "marsal_game_move_text");
            if (must(marsal_game_play(game, &mv, &played), "marsal_game_play")) {
                check(hash_of(game) != h0 && ply_of(game) == 1, "play_changes_hash");
                check(marsal_game_last_outcome(game, &last) == MARSAL_STATUS_OK &&
                          same_move(last.mv, mv),
                      "last_outcome_after_play");
                if (must(marsal_game_undo(game, &undone), "marsal_game_undo")) {
                    check(same_move(undone.mv, mv) && undone.piece == played.piece,
                          "undo_returns_the_move");
                    check(hash_of(game) == h0 && ply_of(game) == 0, "undo_restores_hash");
                    printf("played and took back %s\n", text);
                }
            }
            /* The same move by its text. */
            if (must(marsal_game_play_text(game, text, &played), "marsal_game_play_text")) {
                check(same_move(played.mv, mv), "play_text_plays_the_move");
                must(marsal_game_undo(game, NULL), "marsal_game_undo");
                check(hash_of(game) == h0, "undo_after_play_text_restores_hash");
            }
        } else {
            check(0, "start_position_has_moves");
        }
    }

    /* Play to the end. */
    check(play_out(game, "marsal_game_new"), "game_ends");
    view_summary(game, MARSAL_SIDE_RED);
    {
        MarsalMove moves[1];
        size_t n = 99;
        MarsalOutcome o;
        check(marsal_game_legal_moves(game, moves, 1, &n) == MARSAL_STATUS_OK && n == 0,
              "no_legal_moves_when_over");
        uint64_t h = hash_of(game);
        MarsalMove any;
        must(marsal_game_last_outcome(game, &o), "marsal_game_last_outcome");
        any = o.mv;
        expect_error(marsal_game_play(game, &any, &o), MARSAL_STATUS_GAME_OVER, "game_over");
        /* The same move as text, written as the position needs it (`-` or `x`):
         * the text is parsed against the position before the game-over check. */
        char text[32];
        size_t len = 0;
        if (must(marsal_game_move_text(game, &any, text, sizeof text, &len),
                 "marsal_game_move_text")) {
            expect_error(marsal_game_play_text(game, text, &o), MARSAL_STATUS_GAME_OVER,
                         "game_over_text");
        }
        check(hash_of(game) == h, "game_over_leaves_hash_unchanged");
    }

    /* A game from random setups chosen by the library. */
    if (must(marsal_game_new_random(rules, lcg_next(), lcg_next(), &game2),
             "marsal_game_new_random")) {
        check(play_out(game2, "marsal_game_new_random"), "random_game_ends");
        view_summary(game2, MARSAL_SIDE_BLUE);
    }

    check_ruleset_errors(rules, json);
    check_batches(rules, strcmp(preset, "marsal_a_spion") == 0 ? "classic" : "marsal_a_spion");
    check_options(preset);
    check_copies(rules);
    check_chosen_batches(rules);

done:
    marsal_game_free(game);
    marsal_game_free(game2);
    marsal_game_free(unused);
    marsal_ruleset_free(rules);
    marsal_ruleset_free(preset_rules);
    free(json);
    free(limited);
    free(red);
    free(blue);
    if (failures == 0) {
        printf("all checks passed\n");
        return 0;
    }
    printf("%d check(s) failed\n", failures);
    return 1;
}
