//! Tests of the bots over the C ABI: determinizations, the search bot's move,
//! the batch policies and sensible setups, against the Rust API they stand
//! for, and the hidden-information rule: what a side is not shown never
//! changes what it gets.

use super::*;

use crate::values::{c_move, rust_move};
use marsal::encoding::ActionSpace;
use marsal::{Game, PieceKind, Rng, Ruleset, SearchConfig, Setup, Side, search_move};
use std::ffi::{CString, c_char};
use std::ptr::{null, null_mut};

fn handle(game: Game) -> *mut MarsalGame {
    Box::into_raw(Box::new(MarsalGame { game }))
}

fn game<'a>(g: *const MarsalGame) -> &'a Game {
    // SAFETY: the tests pass live handles only.
    unsafe { &(*g).game }
}

fn free(g: *mut MarsalGame) {
    // SAFETY: each handle is freed once.
    assert_eq!(unsafe { marsal_game_free(g) }, MarsalStatus::Ok);
}

fn ruleset(rules: Ruleset) -> *mut MarsalRuleset {
    Box::into_raw(Box::new(MarsalRuleset { rules }))
}

fn free_rules(r: *mut MarsalRuleset) {
    // SAFETY: freed once.
    assert_eq!(unsafe { marsal_ruleset_free(r) }, MarsalStatus::Ok);
}

fn json(g: *const MarsalGame) -> String {
    serde_json::to_string(game(g)).unwrap()
}

fn random_game(rules: &Ruleset, seed: u64, plies: u32) -> Game {
    let red = Setup::random(rules, Side::Red, seed);
    let blue = Setup::random(rules, Side::Blue, !seed);
    let mut g = Game::new(rules, &red, &blue).unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        if g.play_random(&mut rng).is_none() {
            break;
        }
    }
    g
}

fn config(nodes: u32, seed: u64) -> MarsalSearchConfig {
    MarsalSearchConfig {
        nodes,
        determinizations: 0,
        seed,
    }
}

/// A move to be written over.
fn no_move() -> MarsalMove {
    MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 0 },
    }
}

fn search(g: *const MarsalGame, c: &MarsalSearchConfig) -> Result<MarsalMove, MarsalStatus> {
    let mut mv = MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 0 },
    };
    let mut stats = MarsalSearchStats::default();
    // SAFETY: live handles and real out pointers.
    match unsafe { marsal_game_search_move(g, c, &mut mv, &mut stats) } {
        MarsalStatus::Ok => {
            assert!(stats.nodes > 0 || stats.determinizations == 0);
            Ok(mv)
        }
        s => Err(s),
    }
}

#[test]
fn a_determinization_keeps_what_the_side_knows_and_the_seed_fixes_it() {
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        let g = handle(random_game(&rules, 7, 60));
        for side in [0u8, 1] {
            let mut a = null_mut();
            let mut b = null_mut();
            // SAFETY: a live game and real out pointers.
            unsafe {
                assert_eq!(
                    marsal_game_determinize(g, side, 3, &mut a),
                    MarsalStatus::Ok
                );
                assert_eq!(
                    marsal_game_determinize(g, side, 3, &mut b),
                    MarsalStatus::Ok
                );
            }
            assert_eq!(json(a), json(b), "the same seed, the same sample");
            let mut ok = false;
            // SAFETY: live handles and a real out pointer.
            unsafe {
                assert_eq!(
                    marsal_game_is_consistent(a, g, side, &mut ok),
                    MarsalStatus::Ok
                );
            }
            assert!(ok, "a sample agrees with what the side knows");
            // SAFETY: as above.
            unsafe {
                assert_eq!(
                    marsal_game_is_consistent(g, g, side, &mut ok),
                    MarsalStatus::Ok
                );
            }
            assert!(ok, "the true game agrees with its own views");
            // Into an existing handle (another game entirely): the same sample.
            let other = handle(random_game(&Ruleset::barrage(), 1, 3));
            // SAFETY: distinct live handles.
            unsafe {
                assert_eq!(
                    marsal_game_determinize_into(g, side, 3, other),
                    MarsalStatus::Ok
                );
            }
            assert_eq!(json(other), json(a));
            // Into itself: the game becomes its sample.
            let copy = handle(game(g).clone());
            // SAFETY: one live handle as source and target.
            unsafe {
                assert_eq!(
                    marsal_game_determinize_into(copy, side, 3, copy),
                    MarsalStatus::Ok
                );
            }
            assert_eq!(json(copy), json(a));
            for h in [a, b, other, copy] {
                free(h);
            }
        }
        free(g);
    }
}

#[test]
fn determinize_checks_its_arguments() {
    let g = handle(random_game(&Ruleset::classic(), 1, 0));
    let mut out = null_mut();
    let mut ok = false;
    // SAFETY: NULLs and bad codes are what is tested; the rest is live.
    unsafe {
        assert_eq!(
            marsal_game_determinize(null(), 0, 1, &mut out),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_determinize(g, 0, 1, null_mut()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_determinize(g, 2, 1, &mut out),
            MarsalStatus::InvalidArgument
        );
        assert!(out.is_null());
        assert_eq!(
            marsal_game_determinize_into(g, 0, 1, null_mut()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_determinize_into(null(), 0, 1, g),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_determinize_into(g, 9, 1, g),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_game_is_consistent(g, null(), 0, &mut ok),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_is_consistent(g, g, 0, null_mut()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_is_consistent(g, g, 5, &mut ok),
            MarsalStatus::InvalidArgument
        );
    }
    free(g);
}

/// Two games that differ only in two Blue pieces of different kinds swapped
/// in the setup, played on with the same moves while Red's views stay equal.
fn twins(rules: &Ruleset, seed: u64) -> Vec<(Game, Game)> {
    let red = Setup::sensible(rules, Side::Red, seed);
    let blue = Setup::sensible(rules, Side::Blue, !seed);
    let pieces: Vec<_> = blue.pieces().filter(|(_, k)| k.is_movable()).collect();
    let (a, ka) = pieces[0];
    let (b, kb) = *pieces.iter().find(|(_, k)| *k != ka).unwrap();
    let mut swapped = blue;
    swapped.remove(a);
    swapped.remove(b);
    swapped.place(a, kb).unwrap();
    swapped.place(b, ka).unwrap();
    let mut x = Game::new(rules, &red, &blue).unwrap();
    let mut y = Game::new(rules, &red, &swapped).unwrap();
    let mut rng = Rng::new(seed);
    let mut pairs = Vec::new();
    for _ in 0..80 {
        if x.view(Side::Red) != y.view(Side::Red) {
            break;
        }
        if x.position().to_move() == Side::Red && !x.status().is_over() {
            pairs.push((x.clone(), y.clone()));
        }
        let Some(mv) = x.play_random(&mut rng).map(|o| o.mv) else {
            break;
        };
        if y.play(mv).is_err() {
            break;
        }
    }
    pairs
}

#[test]
fn games_differing_only_in_hidden_pieces_give_the_same_sample_and_search_move() {
    let mut compared = 0;
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        for seed in 1..4 {
            for (x, y) in twins(&rules, seed).into_iter().step_by(5) {
                assert_ne!(x.position(), y.position());
                let (x, y) = (handle(x), handle(y));
                let (mut dx, mut dy) = (null_mut(), null_mut());
                // SAFETY: live games and real out pointers.
                unsafe {
                    assert_eq!(
                        marsal_game_determinize(x, 0, seed, &mut dx),
                        MarsalStatus::Ok
                    );
                    assert_eq!(
                        marsal_game_determinize(y, 0, seed, &mut dy),
                        MarsalStatus::Ok
                    );
                }
                assert_eq!(json(dx), json(dy), "the sample depends on Red's view only");
                let c = config(400, seed);
                assert_eq!(search(x, &c).unwrap(), search(y, &c).unwrap());
                compared += 1;
                for h in [x, y, dx, dy] {
                    free(h);
                }
            }
        }
    }
    assert!(compared >= 9, "only {compared} positions compared");
}

#[test]
fn the_search_move_is_legal_deterministic_and_the_rust_bots_move() {
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        let g = handle(random_game(&rules, 11, 0));
        for ply in 0..12u64 {
            let c = config(300, ply);
            let mv = search(g, &c).unwrap();
            assert_eq!(search(g, &c).unwrap(), mv, "the same config, the same move");
            let rust = search_move(
                game(g),
                &SearchConfig::default().with_nodes(300).with_seed(ply),
            );
            assert_eq!(rust.map(c_move), Some(mv));
            let mut o = std::mem::MaybeUninit::<MarsalOutcome>::uninit();
            // SAFETY: a live game, a real move and outcome.
            assert_eq!(
                unsafe { marsal_game_play(g, &mv, o.as_mut_ptr()) },
                MarsalStatus::Ok,
                "the search bot's move is legal"
            );
            if game(g).status().is_over() {
                break;
            }
        }
        free(g);
    }
}

#[test]
fn the_search_refuses_a_bad_budget_a_finished_game_and_null() {
    let g = handle(random_game(&Ruleset::barrage(), 2, 0));
    assert_eq!(search(g, &config(0, 1)), Err(MarsalStatus::InvalidArgument));
    let mut c = config(100, 1);
    c.determinizations = MARSAL_SEARCH_MAX_DETERMINIZATIONS + 1;
    assert_eq!(search(g, &c), Err(MarsalStatus::InvalidArgument));
    c.determinizations = 2;
    assert!(search(g, &c).is_ok());
    let mut mv = std::mem::MaybeUninit::<MarsalMove>::uninit();
    // SAFETY: NULLs are what is tested.
    unsafe {
        assert_eq!(
            marsal_game_search_move(null(), &c, mv.as_mut_ptr(), null_mut()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_search_move(g, null(), mv.as_mut_ptr(), null_mut()),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_game_search_move(g, &c, null_mut(), null_mut()),
            MarsalStatus::NullPointer
        );
    }
    let over = handle(random_game(&Ruleset::barrage(), 2, 100_000));
    assert!(game(over).status().is_over());
    assert_eq!(search(over, &c), Err(MarsalStatus::GameOver));
    let mut d = config(0, 0);
    // SAFETY: a real out pointer.
    assert_eq!(
        unsafe { marsal_search_config_default(&mut d) },
        MarsalStatus::Ok
    );
    assert_eq!(d, config(MARSAL_SEARCH_DEFAULT_NODES, 0));
    // SAFETY: NULL is what is tested.
    assert_eq!(
        unsafe { marsal_search_config_default(null_mut()) },
        MarsalStatus::NullPointer
    );
    free(g);
    free(over);
}

/// A timed search with a node budget only the time could stop in a test's
/// patience: the time stops it long before (were the time ignored, it would
/// search the whole budget).
#[test]
fn a_timed_search_stops_at_its_time_and_refuses_a_time_too_long() {
    let g = handle(random_game(&Ruleset::classic(), 3, 0));
    let c = config(400_000, 1);
    let mut mv = MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 0 },
    };
    let mut stats = MarsalSearchStats::default();
    // SAFETY: a live handle and real out pointers.
    let status = unsafe { marsal_game_search_move_timed(g, &c, 5, &mut mv, &mut stats) };
    assert_eq!(status, MarsalStatus::Ok);
    let moves = game(g).legal_moves();
    assert!(moves.iter().any(|&m| c_move(m) == mv));
    // Out of time before every determinization's first depth, those that
    // finished decide (at least one).
    assert!(
        (1..=32).contains(&stats.determinizations),
        "{}",
        stats.determinizations
    );
    assert!(stats.nodes < 100_000, "{} nodes in 5 ms", stats.nodes);
    // SAFETY: as above.
    let status = unsafe {
        marsal_game_search_move_timed(g, &c, MARSAL_SEARCH_MAX_TIME_MS + 1, &mut mv, &mut stats)
    };
    assert_eq!(status, MarsalStatus::InvalidArgument);
    // Time 0 is no time limit: the search of `marsal_game_search_move`.
    let c = config(3_000, 4);
    let mut timed = mv;
    // SAFETY: as above.
    let status = unsafe { marsal_game_search_move_timed(g, &c, 0, &mut timed, null_mut()) };
    assert_eq!(status, MarsalStatus::Ok);
    assert_eq!(Ok(timed), search(g, &c));
    free(g);
}

#[test]
fn the_search_policy_is_the_bots_move_with_the_batch_seeds() {
    let rules = Ruleset::classic();
    let games: Vec<_> = (0..3)
        .map(|i| handle(random_game(&rules, i, 10 + i as u32)))
        .collect();
    let list: Vec<*const MarsalGame> = games.iter().map(|&g| g as *const _).collect();
    let mut actions = [0i64; 3];
    // SAFETY: live games and a buffer of 3 actions.
    let s = unsafe {
        marsal_games_bot_actions_budget(
            list.as_ptr(),
            3,
            MARSAL_POLICY_SEARCH,
            250,
            9,
            actions.as_mut_ptr(),
            3,
        )
    };
    assert_eq!(s, MarsalStatus::Ok);
    let space = ActionSpace::new(&rules);
    for (i, &g) in games.iter().enumerate() {
        let mut mv = no_move();
        let name = c"search:250";
        // SAFETY: a live game, a name and a move to write.
        let s = unsafe {
            marsal_game_bot_move(
                g,
                name.as_ptr(),
                marsal_host::batch_seed(9, i as u64),
                &mut mv,
            )
        };
        assert_eq!(s, MarsalStatus::Ok);
        let side = game(g).position().to_move();
        let expected = space.encode(side, rust_move(&mv).unwrap()).unwrap() as i64;
        assert_eq!(actions[i], expected, "game {i}");
    }
    // SAFETY: bad policies and budgets are what is tested; nothing is written.
    unsafe {
        let mut untouched = [-7i64; 3];
        let p = list.as_ptr();
        let a = untouched.as_mut_ptr();
        assert_eq!(
            marsal_games_bot_actions_budget(p, 3, MARSAL_POLICY_SEARCH, 0, 9, a, 3),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_games_bot_actions_budget(p, 3, 3, 100, 9, a, 3),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_games_bot_actions(p, 3, 3, 9, a, 3),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_games_bot_actions_budget(p, 3, MARSAL_POLICY_SEARCH, 100, 9, a, 2),
            MarsalStatus::BufferTooSmall
        );
        assert_eq!(untouched, [-7; 3]);
        // Random and careful ignore the budget: the same actions as before.
        for policy in [MARSAL_POLICY_RANDOM, MARSAL_POLICY_CAREFUL] {
            let (mut x, mut y) = ([0i64; 3], [0i64; 3]);
            assert_eq!(
                marsal_games_bot_actions(p, 3, policy, 4, x.as_mut_ptr(), 3),
                MarsalStatus::Ok
            );
            assert_eq!(
                marsal_games_bot_actions_budget(p, 3, policy, 0, 4, y.as_mut_ptr(), 3),
                MarsalStatus::Ok
            );
            assert_eq!(x, y);
        }
    }
    for g in games {
        free(g);
    }
}

fn setup_text(
    f: unsafe extern "C" fn(
        *const MarsalRuleset,
        u8,
        u64,
        *mut c_char,
        usize,
        *mut usize,
    ) -> MarsalStatus,
    r: *const MarsalRuleset,
    side: u8,
    seed: u64,
) -> Result<String, MarsalStatus> {
    let mut buf = [0 as c_char; 512];
    let mut len = 0usize;
    // SAFETY: a real buffer and length.
    match unsafe { f(r, side, seed, buf.as_mut_ptr(), buf.len(), &mut len) } {
        MarsalStatus::Ok => Ok(buf[..len].iter().map(|&c| c as u8 as char).collect()),
        s => Err(s),
    }
}

#[test]
fn sensible_setups_are_legal_with_the_flag_on_the_back_row() {
    for rules in [
        Ruleset::marsal_a_spion(),
        Ruleset::classic(),
        Ruleset::barrage(),
    ] {
        let r = ruleset(rules);
        for (code, side) in [(0u8, Side::Red), (1, Side::Blue)] {
            let back = if side == Side::Red {
                0
            } else {
                rules.board.ranks - 1
            };
            for seed in 0..5 {
                let text = setup_text(marsal_setup_sensible, r, code, seed).unwrap();
                assert_eq!(
                    setup_text(marsal_setup_sensible, r, code, seed).unwrap(),
                    text
                );
                let s = Setup::from_text(&rules, side, &text).unwrap();
                assert!(s.validate(&rules).is_ok());
                assert_eq!(s, Setup::sensible(&rules, side, seed));
                let (flag, _) = s.pieces().find(|(_, k)| *k == PieceKind::Flag).unwrap();
                assert_eq!(flag.rank(), back, "{text}");
            }
        }
        let mut g = null_mut();
        // SAFETY: a live ruleset and a real out pointer.
        assert_eq!(
            unsafe { marsal_game_new_sensible(r, 4, 5, &mut g) },
            MarsalStatus::Ok
        );
        let red = CString::new(setup_text(marsal_setup_sensible, r, 0, 4).unwrap()).unwrap();
        let blue = CString::new(setup_text(marsal_setup_sensible, r, 1, 5).unwrap()).unwrap();
        let mut h = null_mut();
        // SAFETY: live ruleset, NUL-terminated texts, a real out pointer.
        assert_eq!(
            unsafe { marsal_game_new(r, red.as_ptr(), blue.as_ptr(), &mut h) },
            MarsalStatus::Ok
        );
        assert_eq!(json(g), json(h));
        // SAFETY: NULLs and bad codes are what is tested.
        unsafe {
            assert_eq!(
                marsal_game_new_sensible(null(), 1, 2, &mut g),
                MarsalStatus::NullPointer
            );
            assert_eq!(
                marsal_game_new_sensible(r, 1, 2, null_mut()),
                MarsalStatus::NullPointer
            );
        }
        assert_eq!(
            setup_text(marsal_setup_sensible, r, 2, 0),
            Err(MarsalStatus::InvalidArgument)
        );
        assert_eq!(
            setup_text(marsal_setup_sensible, null(), 0, 0),
            Err(MarsalStatus::NullPointer)
        );
        free(g);
        free(h);
        free_rules(r);
    }
}

#[test]
fn the_vector_env_policies_are_the_batch_policies_of_its_games() {
    let r = ruleset(Ruleset::barrage());
    let mut env = null_mut();
    // SAFETY: a live ruleset and a real out pointer.
    assert_eq!(
        unsafe { marsal_vec_env_new(r, 3, 5, 0, &mut env) },
        MarsalStatus::Ok
    );
    let games: Vec<*mut MarsalGame> = (0..3)
        .map(|i| {
            let mut g = null_mut();
            // SAFETY: a live env and a real out pointer.
            assert_eq!(
                unsafe { marsal_vec_env_game(env, i, &mut g) },
                MarsalStatus::Ok
            );
            g
        })
        .collect();
    let list: Vec<*const MarsalGame> = games.iter().map(|&g| g as *const _).collect();
    for (policy, nodes) in [
        (MARSAL_POLICY_RANDOM, 0),
        (MARSAL_POLICY_CAREFUL, 0),
        (MARSAL_POLICY_SEARCH, 200),
    ] {
        let (mut x, mut y) = ([0i64; 3], [0i64; 3]);
        // SAFETY: live handles and buffers of 3 actions.
        unsafe {
            assert_eq!(
                marsal_vec_env_bot_actions(env, policy, nodes, 8, x.as_mut_ptr(), 3),
                MarsalStatus::Ok
            );
            assert_eq!(
                marsal_games_bot_actions_budget(
                    list.as_ptr(),
                    3,
                    policy,
                    nodes,
                    8,
                    y.as_mut_ptr(),
                    3
                ),
                MarsalStatus::Ok
            );
        }
        assert_eq!(x, y, "policy {policy}");
        assert!(x.iter().all(|&a| a >= 0));
    }
    let mut a = [0i64; 3];
    // SAFETY: bad arguments are what is tested.
    unsafe {
        let p = a.as_mut_ptr();
        assert_eq!(
            marsal_vec_env_bot_actions(env, 2, 0, 1, p, 3),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_vec_env_bot_actions(env, 7, 10, 1, p, 3),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_vec_env_bot_actions(env, 0, 0, 1, p, 2),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_vec_env_bot_actions(env, 0, 0, 1, null_mut(), 3),
            MarsalStatus::BufferTooSmall
        );
        assert_eq!(
            marsal_vec_env_bot_actions(null(), 0, 0, 1, p, 3),
            MarsalStatus::NullPointer
        );
        assert_eq!(marsal_vec_env_free(env), MarsalStatus::Ok);
    }
    for g in games {
        free(g);
    }
    free_rules(r);
}

/// A game between two bots by name, played move by move through the C ABI
/// with one seed, is the host layer's game of that seed (the seed rule every
/// host follows); a bad name or a game that is over is refused.
#[test]
fn a_game_between_named_bots_is_the_host_layers_game_of_the_seed() {
    let mut rules = Ruleset::barrage();
    rules.max_plies = Some(150);
    let r = ruleset(rules);
    let (red, blue) = (c"careful", c"search:300");
    let mut g = null_mut();
    // SAFETY: a live ruleset, two names, a handle to write.
    let s = unsafe { marsal_game_new_bots(r, red.as_ptr(), blue.as_ptr(), 21, &mut g) };
    assert_eq!(s, MarsalStatus::Ok);
    loop {
        let mut mv = no_move();
        let bot = if game(g).position().to_move() == Side::Red {
            red
        } else {
            blue
        };
        // SAFETY: a live game, a name and a move to write.
        match unsafe { marsal_game_bot_move(g, bot.as_ptr(), 21, &mut mv) } {
            MarsalStatus::Ok => {}
            MarsalStatus::GameOver => break,
            other => panic!("{other:?}"),
        }
        let mv = rust_move(&mv).unwrap();
        // SAFETY: the handle is live and only this test uses it.
        unsafe { &mut *g }.game.play(mv).expect("a legal move");
    }
    let bots = [
        marsal_host::Bot::parse("careful").unwrap(),
        marsal_host::Bot::parse("search:300").unwrap(),
    ];
    let expected = marsal_host::play_bot_game(&rules, bots, 21, &mut || 0).unwrap();
    assert!(expected.moves().eq(game(g).moves()));
    assert_eq!(expected.status(), game(g).status());
    // SAFETY: bad names are what is tested; nothing is written.
    unsafe {
        let mut mv = no_move();
        assert_eq!(
            marsal_game_bot_move(g, c"clever".as_ptr(), 1, &mut mv),
            MarsalStatus::InvalidArgument
        );
        let mut other = null_mut();
        assert_eq!(
            marsal_game_new_bots(r, c"search:0".as_ptr(), blue.as_ptr(), 1, &mut other),
            MarsalStatus::InvalidArgument
        );
        assert!(other.is_null());
        assert_eq!(
            marsal_game_bot_move(g, null(), 1, &mut mv),
            MarsalStatus::NullPointer
        );
    }
    free_rules(r);
    free(g);
}

/// The words of a status and of a fight are the host layer's, for every
/// status a game can have and every fight; what no game has is refused.
#[test]
fn the_words_of_an_ending_and_a_fight_are_the_host_layers() {
    let words = |f: &dyn Fn(*mut c_char, usize, *mut usize) -> MarsalStatus| {
        let mut buf = [0 as c_char; 256];
        let mut len = 0;
        assert_eq!(f(buf.as_mut_ptr(), buf.len(), &mut len), MarsalStatus::Ok);
        // SAFETY: the library wrote a NUL-terminated text.
        unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    };
    let mut rules = Ruleset::barrage();
    rules.max_plies = Some(40);
    let bots = [marsal_host::Bot::Random, marsal_host::Bot::Careful];
    for seed in 0..6 {
        let g = marsal_host::play_bot_game(&rules, bots, seed, &mut || 0).unwrap();
        let c = crate::values::c_status(g.status());
        // SAFETY: a status to read, a buffer to write.
        let got = words(&|b, cap, n| unsafe { marsal_status_words(&c, b, cap, n) });
        assert_eq!(got, marsal_host::status_words(g.status()));
    }
    // SAFETY: a buffer to write.
    let got = words(&|b, cap, n| unsafe {
        marsal_fight_words(
            PieceKind::Scout as u8,
            PieceKind::General as u8,
            MarsalBattle::DefenderWins as u8,
            b,
            cap,
            n,
        )
    });
    assert_eq!(
        got,
        "Scout attacks General and loses: the attacker is removed"
    );
    let got = words(&|b, cap, n| unsafe {
        marsal_fight_words(
            MARSAL_NONE,
            PieceKind::Flag as u8,
            MarsalBattle::FlagCaptured as u8,
            b,
            cap,
            n,
        )
    });
    assert_eq!(got, "a hidden piece captures the Flag");
    let mut len = 0;
    let bad = MarsalGameStatus {
        state: 9,
        side: 0,
        reason: 0,
    };
    // SAFETY: what no game has is what is tested; nothing is written.
    unsafe {
        let mut buf = [0 as c_char; 8];
        let b = buf.as_mut_ptr();
        assert_eq!(
            marsal_status_words(&bad, b, 8, &mut len),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_status_words(null(), b, 8, &mut len),
            MarsalStatus::NullPointer
        );
        let no_fight = MarsalBattle::NoFight as u8;
        assert_eq!(
            marsal_fight_words(1, 2, no_fight, b, 8, &mut len),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_fight_words(1, 99, 1, b, 8, &mut len),
            MarsalStatus::InvalidArgument
        );
    }
}
