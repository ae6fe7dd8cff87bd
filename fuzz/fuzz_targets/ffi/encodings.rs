//! The encodings (action spaces, masks, observations), the batch calls over
//! lists of games and the vector environment.

use super::*;

pub(crate) fn action_space_size(g: *mut MarsalGame) -> usize {
    let mut a = 0;
    let s = unsafe { marsal_game_encoding_sizes(g, &mut a, null_mut(), null_mut(), null_mut()) };
    assert_eq!(s, MarsalStatus::Ok);
    a
}

pub(crate) fn encoding_spaces(r: *mut MarsalRuleset, side: u8, action: i64) {
    let mut size = usize::MAX;
    let s = ok_code(unsafe { marsal_ruleset_action_space_size(r, &mut size) });
    assert_eq!(s == MarsalStatus::Ok, !r.is_null());
    let (mut c, mut rk, mut f) = (0, 0, 0);
    ok_code(unsafe { marsal_ruleset_observation_shape(r, &mut c, &mut rk, &mut f) });
    if r.is_null() {
        return;
    }
    assert_eq!(c, 45);
    let mut mv = MarsalMove {
        from: MarsalSquare { file: 0, rank: 0 },
        to: MarsalSquare { file: 0, rank: 0 },
    };
    let s = ok_code(unsafe { marsal_ruleset_action_to_move(r, side, action, &mut mv) });
    if s == MarsalStatus::Ok {
        assert!(side <= 1 && action >= 0 && (action as usize) < size);
        let mut back = -1;
        let s = ok_code(unsafe { marsal_ruleset_move_to_action(r, side, &mv, &mut back) });
        assert_eq!(s, MarsalStatus::Ok);
        assert_eq!(back, action, "action -> move -> action");
    } else {
        assert_eq!(s, MarsalStatus::InvalidArgument);
    }
}

pub(crate) fn action_mask(g: *mut MarsalGame, cap: u16, null_mask: bool) {
    let mut mask = vec![7u8; usize::from(cap) + 1];
    let mut legal = usize::MAX;
    let p = if null_mask {
        null_mut()
    } else {
        mask.as_mut_ptr()
    };
    let s = ok_code(unsafe { marsal_game_action_mask(g, p, usize::from(cap), &mut legal) });
    if g.is_null() {
        assert_eq!(s, MarsalStatus::NullPointer);
        return;
    }
    let size = action_space_size(g);
    if null_mask || usize::from(cap) < size {
        assert_eq!(s, MarsalStatus::BufferTooSmall);
        return;
    }
    assert_eq!(s, MarsalStatus::Ok);
    let ones = mask[..size].iter().filter(|&&m| m == 1).count();
    assert!(mask[..size].iter().all(|&m| m <= 1));
    assert_eq!(ones, legal);
    let mut n = 0usize;
    let st = unsafe { marsal_game_legal_moves(g, null_mut(), 0, &mut n) };
    assert!(matches!(
        st,
        MarsalStatus::Ok | MarsalStatus::BufferTooSmall
    ));
    assert_eq!(n, legal, "mask and legal moves disagree");
}

pub(crate) fn observation(g: *mut MarsalGame, side: u8, cap: u16) {
    let mut buf = vec![-1.0f32; usize::from(cap) * 8 + 1];
    let cap = usize::from(cap) * 8;
    let s = ok_code(unsafe { marsal_game_observation(g, side, buf.as_mut_ptr(), cap) });
    if s != MarsalStatus::Ok {
        return;
    }
    assert!(side <= 1);
    let (mut c, mut rk, mut f) = (0, 0, 0);
    unsafe { marsal_game_encoding_sizes(g, null_mut(), &mut c, &mut rk, &mut f) };
    let n = c * rk * f;
    assert!(n <= cap);
    assert!(buf[..n].iter().all(|&x| (0.0..=1.0).contains(&x)));
    let mut again = vec![0.0f32; n];
    let games = [g.cast_const()];
    let s = unsafe { marsal_games_observations(games.as_ptr(), 1, side, again.as_mut_ptr(), n) };
    assert_eq!(s, MarsalStatus::Ok);
    assert_eq!(buf[..n], again[..], "games_observations differs");
}

pub(crate) fn play_action(g: *mut MarsalGame, action: i64) {
    if g.is_null() {
        assert_eq!(
            unsafe { marsal_game_play_action(g, action, null_mut()) },
            MarsalStatus::NullPointer
        );
        return;
    }
    let size = action_space_size(g);
    let mut mask = vec![0u8; size];
    unsafe { marsal_game_action_mask(g, mask.as_mut_ptr(), size, null_mut()) };
    // Half of the time, a legal action chosen by `action`.
    let legal: Vec<usize> = (0..size).filter(|&a| mask[a] == 1).collect();
    let action = if action % 2 == 0 && !legal.is_empty() {
        legal[(action.unsigned_abs() as usize / 2) % legal.len()] as i64
    } else {
        action
    };
    let before = ply(g);
    let text = position_text(g);
    let s = ok_code(unsafe { marsal_game_play_action(g, action, null_mut()) });
    let is_legal = usize::try_from(action).is_ok_and(|a| a < size && mask[a] == 1);
    assert_eq!(s == MarsalStatus::Ok, is_legal, "{s:?} for {action}");
    if s == MarsalStatus::Ok {
        assert_eq!(ply(g), before + 1);
    } else {
        assert_eq!(position_text(g), text, "a refused action changed the game");
    }
}

pub(crate) fn games_actions(list: &[*mut MarsalGame], policy: u8, seed: u64, play: bool) {
    let games: Vec<*const MarsalGame> = list.iter().map(|g| g.cast_const()).collect();
    let mut actions = vec![-2i64; games.len()];
    let s = ok_code(unsafe {
        if policy % 3 == 2 {
            marsal_games_random_actions(
                games.as_ptr(),
                games.len(),
                seed,
                actions.as_mut_ptr(),
                actions.len(),
            )
        } else {
            marsal_games_bot_actions(
                games.as_ptr(),
                games.len(),
                policy % 3,
                seed,
                actions.as_mut_ptr(),
                actions.len(),
            )
        }
    });
    if s != MarsalStatus::Ok {
        return;
    }
    for (&g, &a) in list.iter().zip(&actions) {
        if is_over(g) {
            assert_eq!(a, -1);
        } else {
            let size = action_space_size(g);
            let mut mask = vec![0u8; size];
            unsafe { marsal_game_action_mask(g, mask.as_mut_ptr(), size, null_mut()) };
            assert!(
                a >= 0 && mask[a as usize] == 1,
                "drawn action {a} is not legal"
            );
        }
    }
    let distinct = list
        .iter()
        .all(|g| list.iter().filter(|h| *h == g).count() == 1);
    if play && distinct {
        let any_over = list.iter().any(|&g| is_over(g));
        let s = ok_code(unsafe {
            marsal_games_play_actions(list.as_ptr(), list.len(), actions.as_ptr(), null_mut())
        });
        assert_eq!(s == MarsalStatus::Ok, !any_over, "{s:?}");
    }
}

pub(crate) fn vec_env(r: *mut MarsalRuleset, run: &VecEnvRun) {
    let n = usize::from(run.num_envs % 5);
    let mut env = null_mut();
    let s =
        ok_code(unsafe { marsal_vec_env_new(r, n, run.seed, u32::from(run.max_plies), &mut env) });
    if r.is_null() || n == 0 {
        assert_ne!(s, MarsalStatus::Ok);
        return;
    }
    assert_eq!(s, MarsalStatus::Ok);
    let (mut a, mut c, mut rk, mut f) = (0, 0, 0, 0);
    unsafe {
        marsal_ruleset_action_space_size(r, &mut a);
        marsal_ruleset_observation_shape(r, &mut c, &mut rk, &mut f);
    }
    let o = c * rk * f;
    let mut obs = vec![0.0f32; n * o];
    let mut masks = vec![0u8; n * a];
    let mut rewards = vec![9.0f32; n];
    let mut term = vec![9u8; n];
    let mut trunc = vec![9u8; n];
    let mut actions = vec![0i64; n];
    let obs_p = if run.obs {
        obs.as_mut_ptr()
    } else {
        null_mut()
    };
    let masks_p = if run.masks {
        masks.as_mut_ptr()
    } else {
        null_mut()
    };
    // Whether `masks` holds what the last successful step wrote.
    let mut masks_written = false;
    for step in 0..run.steps % 24 {
        assert_eq!(
            unsafe { marsal_vec_env_random_actions(env, actions.as_mut_ptr(), n) },
            MarsalStatus::Ok
        );
        if masks_written {
            for (i, &x) in actions.iter().enumerate() {
                assert!(x >= 0 && masks[i * a + x as usize] == 1);
            }
        }
        let mut bad = false;
        if step == 0
            && let Some((i, x)) = run.bad
        {
            let i = usize::from(i) % n;
            let mut copy = null_mut();
            unsafe { marsal_vec_env_game(env, i, &mut copy) };
            let mut mask = vec![0u8; a];
            unsafe { marsal_game_action_mask(copy, mask.as_mut_ptr(), a, null_mut()) };
            unsafe { marsal_game_free(copy) };
            bad = !usize::try_from(x).is_ok_and(|x| x < a && mask[x] == 1);
            actions[i] = x;
        }
        let before: Vec<_> = (0..n).map(|i| env_game_text(env, i)).collect();
        let s = ok_code(unsafe {
            marsal_vec_env_step(
                env,
                actions.as_ptr(),
                n,
                obs_p,
                obs.len(),
                masks_p,
                masks.len(),
                rewards.as_mut_ptr(),
                term.as_mut_ptr(),
                trunc.as_mut_ptr(),
            )
        });
        assert_eq!(s == MarsalStatus::Ok, !bad, "{s:?}");
        if bad {
            let after: Vec<_> = (0..n).map(|i| env_game_text(env, i)).collect();
            assert_eq!(before, after, "a refused step changed a game");
            continue;
        }
        masks_written = run.masks;
        for i in 0..n {
            assert!([-1.0, 0.0, 1.0].contains(&rewards[i]));
            assert!(term[i] <= 1 && trunc[i] <= 1 && term[i] + trunc[i] <= 1);
            assert!(rewards[i] == 0.0 || term[i] == 1);
            let mut copy = null_mut();
            unsafe { marsal_vec_env_game(env, i, &mut copy) };
            assert!(!is_over(copy), "a finished game was not reset");
            if term[i] == 1 || trunc[i] == 1 {
                assert_eq!(ply(copy), 0);
            }
            if run.obs {
                let mut one = vec![0.0f32; o];
                let games = [copy.cast_const()];
                unsafe { marsal_games_observations(games.as_ptr(), 1, 2, one.as_mut_ptr(), o) };
                assert_eq!(one[..], obs[i * o..(i + 1) * o], "vec env observation");
            }
            if run.masks {
                let mut one = vec![0u8; a];
                unsafe { marsal_game_action_mask(copy, one.as_mut_ptr(), a, null_mut()) };
                assert_eq!(one[..], masks[i * a..(i + 1) * a], "vec env mask");
            }
            unsafe { marsal_game_free(copy) };
        }
    }
    assert_eq!(unsafe { marsal_vec_env_free(env) }, MarsalStatus::Ok);
}

pub(crate) fn env_game_text(env: *mut MarsalVecEnv, i: usize) -> Option<Vec<u8>> {
    let mut copy = null_mut();
    assert_eq!(
        unsafe { marsal_vec_env_game(env, i, &mut copy) },
        MarsalStatus::Ok
    );
    let t = position_text(copy);
    unsafe { marsal_game_free(copy) };
    t
}
