//! Tests of the vector environment on threads: any number of threads gives
//! the same games and outputs as one, `uint8_t` observations carry what the
//! `float` ones do, a bad call changes nothing, and the legal actions kept
//! from the masks draw uniformly and refuse what they refused without them.

use super::*;
use std::ptr::null_mut;

fn preset(name: &str) -> *mut MarsalRuleset {
    let name = std::ffi::CString::new(name).unwrap();
    let mut r = null_mut();
    // SAFETY: a NUL-terminated name and a real out pointer.
    assert_eq!(
        unsafe { marsal_ruleset_preset(name.as_ptr(), &mut r) },
        MarsalStatus::Ok
    );
    r
}

/// The buffers of every output of an environment of `n` games (shared with
/// the tests of the asynchronous step).
#[derive(Clone, PartialEq, Debug)]
pub(super) struct Bufs {
    pub(super) obs_f32: Vec<f32>,
    pub(super) obs_u8: Vec<u8>,
    pub(super) masks: Vec<u8>,
    pub(super) rewards: Vec<f32>,
    pub(super) terminated: Vec<u8>,
    pub(super) truncated: Vec<u8>,
    pub(super) to_move: Vec<u8>,
    pub(super) actions: Vec<i64>,
}

impl Bufs {
    pub(super) fn new(n: usize, obs: usize, actions: usize) -> Bufs {
        Bufs {
            obs_f32: vec![0.5; n * obs],
            obs_u8: vec![9; n * obs],
            masks: vec![9; n * actions],
            rewards: vec![0.5; n],
            terminated: vec![9; n],
            truncated: vec![9; n],
            to_move: vec![9; n],
            actions: vec![0; n],
        }
    }

    /// The outputs, observations as `dtype`.
    pub(super) fn outputs(&mut self, dtype: u8) -> MarsalVecEnvOutputs {
        let (obs, obs_cap) = if dtype == MARSAL_OBS_UINT8 {
            (self.obs_u8.as_mut_ptr().cast(), self.obs_u8.len())
        } else {
            (self.obs_f32.as_mut_ptr().cast(), self.obs_f32.len())
        };
        MarsalVecEnvOutputs {
            obs,
            obs_cap,
            obs_dtype: dtype,
            masks: self.masks.as_mut_ptr(),
            mask_cap: self.masks.len(),
            rewards: self.rewards.as_mut_ptr(),
            terminated: self.terminated.as_mut_ptr(),
            truncated: self.truncated.as_mut_ptr(),
            to_move: self.to_move.as_mut_ptr(),
        }
    }
}

/// A vector environment and the buffers of its outputs (shared with the
/// tests of the asynchronous step). `Drop` frees the handle, then the
/// buffers drop.
pub(super) struct Env {
    pub(super) ptr: *mut MarsalVecEnv,
    pub(super) bufs: Bufs,
    pub(super) dtype: u8,
}

impl Env {
    /// `n` games of the preset `rules` on `threads` threads, reset from
    /// `seed`, its observations as `dtype`; games truncated at 60 plies.
    pub(super) fn new(rules: &str, n: usize, seed: u64, threads: usize, dtype: u8) -> Env {
        let sizes = match rules {
            "marsal_a_spion" => (45 * 144, 3744),
            _ => (4500, 1800),
        };
        Env::of(preset(rules), sizes, n, seed, threads, dtype)
    }

    /// An environment of `r` (freed here), whose observations and actions
    /// have the sizes `(obs, actions)`.
    fn of(
        r: *mut MarsalRuleset,
        (obs, actions): (usize, usize),
        n: usize,
        seed: u64,
        threads: usize,
        dtype: u8,
    ) -> Env {
        let mut ptr = null_mut();
        // SAFETY: live handles and real out pointers throughout.
        unsafe {
            assert_eq!(
                marsal_vec_env_new(r, n, seed, 60, &mut ptr),
                MarsalStatus::Ok
            );
            assert_eq!(marsal_vec_env_set_threads(ptr, threads), MarsalStatus::Ok);
            let mut t = 0;
            assert_eq!(marsal_vec_env_threads(ptr, &mut t), MarsalStatus::Ok);
            assert_eq!(t, threads.min(n));
            marsal_ruleset_free(r);
        }
        let mut env = Env {
            ptr,
            bufs: Bufs::new(n, obs, actions),
            dtype,
        };
        let o = env.bufs.outputs(dtype);
        // SAFETY: a live handle and buffers of the right sizes.
        assert_eq!(
            unsafe { marsal_vec_env_reset_into(ptr, seed, &o) },
            MarsalStatus::Ok
        );
        env
    }

    fn step_random(&mut self) {
        let n = self.bufs.actions.len();
        let o = self.bufs.outputs(self.dtype);
        // SAFETY: a live handle and buffers of the right sizes.
        unsafe {
            assert_eq!(
                marsal_vec_env_random_actions(self.ptr, self.bufs.actions.as_mut_ptr(), n),
                MarsalStatus::Ok
            );
            assert_eq!(
                marsal_vec_env_step_into(self.ptr, self.bufs.actions.as_ptr(), n, &o),
                MarsalStatus::Ok
            );
        }
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { marsal_vec_env_free(self.ptr) };
    }
}

#[test]
fn any_number_of_threads_gives_the_games_of_one() {
    for rules in ["classic", "barrage", "marsal_a_spion"] {
        for dtype in [MARSAL_OBS_FLOAT32, MARSAL_OBS_UINT8] {
            let mut envs: Vec<Env> = [1, 2, 3, 8]
                .iter()
                .map(|&t| Env::new(rules, 13, 21, t, dtype))
                .collect();
            for _ in 0..150 {
                for e in &mut envs {
                    e.step_random();
                }
                for e in &envs[1..] {
                    assert_eq!(e.bufs, envs[0].bufs, "{rules}");
                }
            }
            // Truncations at 60 plies, so games were reset on the way.
            assert!(envs[0].bufs.obs_f32.iter().any(|&x| x != 0.5) || dtype == 1);
        }
    }
}

#[test]
fn the_spin_between_calls_changes_no_result() {
    let mut envs: Vec<Env> = [0u64, 3, 1000]
        .iter()
        .map(|&us| {
            let e = Env::new("classic", 11, 5, 2, MARSAL_OBS_UINT8);
            // SAFETY: a live handle.
            assert_eq!(
                unsafe { marsal_vec_env_set_spin(e.ptr, us) },
                MarsalStatus::Ok
            );
            e
        })
        .collect();
    for step in 0..120 {
        if step % 40 == 39 {
            // Long enough between calls for the workers to fall asleep.
            std::thread::sleep(std::time::Duration::from_millis(3));
        }
        for e in &mut envs {
            e.step_random();
        }
        for e in &envs[1..] {
            assert_eq!(e.bufs, envs[0].bufs);
        }
    }
}

#[test]
fn the_spin_is_read_back_and_a_bad_one_is_refused() {
    let e = Env::new("classic", 4, 1, 2, MARSAL_OBS_UINT8);
    let mut us = 7;
    // SAFETY: a live handle, real out pointers, and NULL where tested.
    unsafe {
        assert_eq!(marsal_vec_env_spin(e.ptr, &mut us), MarsalStatus::Ok);
        assert_eq!(us, 200, "the default");
        assert_eq!(marsal_vec_env_set_spin(e.ptr, 0), MarsalStatus::Ok);
        assert_eq!(marsal_vec_env_spin(e.ptr, &mut us), MarsalStatus::Ok);
        assert_eq!(us, 0);
        assert_eq!(
            marsal_vec_env_set_spin(e.ptr, MARSAL_VEC_ENV_MAX_SPIN_US + 1),
            MarsalStatus::InvalidArgument
        );
        assert!(last_message().contains("microseconds"));
        assert_eq!(marsal_vec_env_spin(e.ptr, &mut us), MarsalStatus::Ok);
        assert_eq!(us, 0, "unchanged by the refused call");
        assert_eq!(
            marsal_vec_env_set_spin(e.ptr, MARSAL_VEC_ENV_MAX_SPIN_US),
            MarsalStatus::Ok
        );
        // The setting outlives a change of threads.
        assert_eq!(marsal_vec_env_set_threads(e.ptr, 3), MarsalStatus::Ok);
        assert_eq!(marsal_vec_env_spin(e.ptr, &mut us), MarsalStatus::Ok);
        assert_eq!(us, MARSAL_VEC_ENV_MAX_SPIN_US);
        assert_eq!(
            marsal_vec_env_set_spin(null_mut(), 5),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_vec_env_spin(std::ptr::null(), &mut us),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_vec_env_spin(e.ptr, null_mut()),
            MarsalStatus::NullPointer
        );
    }
}

#[test]
fn uint8_observations_carry_the_float_ones() {
    let mut f = Env::new("barrage", 9, 4, 2, MARSAL_OBS_FLOAT32);
    let mut b = Env::new("barrage", 9, 4, 1, MARSAL_OBS_UINT8);
    for _ in 0..200 {
        for (i, (&x, &y)) in f.bufs.obs_f32.iter().zip(&b.bufs.obs_u8).enumerate() {
            let c = (i % 4500) / 100;
            if c == marsal::encoding::channel::PLY
                || c == marsal::encoding::channel::PLIES_SINCE_ATTACK
            {
                assert!((f32::from(y) / 255.0 - x).abs() <= 0.5 / 255.0);
            } else {
                assert_eq!(f32::from(y), x, "channel {c}");
            }
        }
        assert_eq!(f.bufs.masks, b.bufs.masks);
        f.step_random();
        b.step_random();
    }
}

#[test]
fn a_bad_action_on_threads_changes_nothing_and_names_the_first() {
    let mut e = Env::new("classic", 40, 8, 2, MARSAL_OBS_UINT8);
    e.step_random();
    let before = e.bufs.clone();
    let mut actions = before.actions.clone();
    // SAFETY: a live handle and a buffer of 40.
    unsafe { marsal_vec_env_random_actions(e.ptr, actions.as_mut_ptr(), 40) };
    actions[31] = 5000;
    actions[17] = -1;
    let o = e.bufs.outputs(MARSAL_OBS_UINT8);
    // SAFETY: as above.
    let s = unsafe { marsal_vec_env_step_into(e.ptr, actions.as_ptr(), 40, &o) };
    assert_eq!(s, MarsalStatus::InvalidArgument);
    let mut buf = [0 as std::ffi::c_char; 512];
    let mut len = 0;
    // SAFETY: a real buffer.
    unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    let msg: String = buf[..len].iter().map(|&c| c as u8 as char).collect();
    assert!(msg.contains("actions[17]"), "{msg}");
    // Nothing was written and no game moved: the environment goes on as one
    // that never saw the bad call (and drew the same actions).
    assert_eq!(e.bufs, before);
    let mut again = Env::new("classic", 40, 8, 1, MARSAL_OBS_UINT8);
    again.step_random();
    let mut drawn = vec![0i64; 40];
    // SAFETY: as above.
    unsafe { marsal_vec_env_random_actions(again.ptr, drawn.as_mut_ptr(), 40) };
    for _ in 0..20 {
        e.step_random();
        again.step_random();
        assert_eq!(e.bufs, again.bufs);
    }
}

#[test]
fn a_bad_observation_type_or_thread_count_is_refused() {
    let mut e = Env::new("classic", 3, 1, 1, MARSAL_OBS_FLOAT32);
    let mut o = e.bufs.outputs(MARSAL_OBS_FLOAT32);
    o.obs_dtype = 7;
    // SAFETY: a live handle; the outputs are checked before use.
    unsafe {
        assert_eq!(
            marsal_vec_env_reset_into(e.ptr, 1, &o),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_vec_env_set_threads(e.ptr, MARSAL_VEC_ENV_MAX_THREADS + 1),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(
            marsal_vec_env_set_threads(null_mut(), 2),
            MarsalStatus::NullPointer
        );
        // More threads than games: one a game.
        assert_eq!(marsal_vec_env_set_threads(e.ptr, 0), MarsalStatus::Ok);
        let mut t = 0;
        marsal_vec_env_threads(e.ptr, &mut t);
        assert!((1..=3).contains(&t));
    }
    e.step_random();
}

/// The message of the last error.
pub(super) fn last_message() -> String {
    let mut buf = [0 as std::ffi::c_char; 512];
    let mut len = 0;
    // SAFETY: a real buffer.
    unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    buf[..len].iter().map(|&c| c as u8 as char).collect()
}

/// Copies of the games of `e`.
fn games(e: &Env) -> Vec<marsal::Game> {
    // SAFETY: a live handle, not used elsewhere meanwhile.
    unsafe { &*e.ptr }
        .env
        .as_ref()
        .expect("idle")
        .games()
        .cloned()
        .collect()
}

/// The legal actions of `g` (the side to move's), sorted.
fn legal_actions(space: &marsal::encoding::ActionSpace, g: &marsal::Game) -> Vec<i64> {
    let side = g.position().to_move();
    let mut a: Vec<i64> = g
        .legal_moves()
        .iter()
        .map(|&mv| space.encode(side, mv).unwrap() as i64)
        .collect();
    a.sort_unstable();
    a
}

/// Steps `e` by `actions`, writing every output (`masks`) or none.
fn step(e: &mut Env, actions: &[i64], masks: bool) -> (MarsalStatus, String) {
    let o = if masks {
        e.bufs.outputs(e.dtype)
    } else {
        MarsalVecEnvOutputs::NONE
    };
    // SAFETY: a live handle and buffers of the right sizes.
    let s = unsafe { marsal_vec_env_step_into(e.ptr, actions.as_ptr(), actions.len(), &o) };
    (
        s,
        if s == MarsalStatus::Ok {
            String::new()
        } else {
            last_message()
        },
    )
}

#[test]
fn with_masks_every_legal_action_is_drawn_and_nothing_else() {
    for rules in ["classic", "marsal_a_spion"] {
        let mut e = Env::new(rules, 5, 3, 2, MARSAL_OBS_UINT8);
        for _ in 0..3 {
            e.step_random();
            let space = *unsafe { &*e.ptr }
                .env
                .as_ref()
                .expect("idle")
                .action_space();
            let legal: Vec<Vec<i64>> = games(&e).iter().map(|g| legal_actions(&space, g)).collect();
            let mut counts = vec![std::collections::HashMap::new(); 5];
            // 40 draws a legal action: each comes up (the chance that one
            // does not is below 5 * 150 * e^-40).
            let draws = 40 * legal.iter().map(Vec::len).max().unwrap();
            let mut actions = vec![0i64; 5];
            for _ in 0..draws {
                // SAFETY: a live handle and a buffer of 5.
                let s = unsafe { marsal_vec_env_random_actions(e.ptr, actions.as_mut_ptr(), 5) };
                assert_eq!(s, MarsalStatus::Ok);
                for (i, &a) in actions.iter().enumerate() {
                    *counts[i].entry(a).or_insert(0usize) += 1;
                }
            }
            for i in 0..5 {
                let mut drawn: Vec<i64> = counts[i].keys().copied().collect();
                drawn.sort_unstable();
                assert_eq!(drawn, legal[i], "{rules}: game {i}");
                // Roughly uniform: no action drawn more than thrice its share.
                let share = draws / legal[i].len();
                assert!(
                    counts[i].values().all(|&c| c < 3 * share),
                    "{rules}: game {i}"
                );
            }
        }
    }
}

#[test]
fn with_masks_an_action_legal_elsewhere_or_before_is_refused_as_without_them() {
    // Two environments stepped by the same actions: `on` writes the masks
    // (and so keeps the legal actions), `off` never does.
    let n = 8;
    let mut on = Env::new("classic", n, 5, 2, MARSAL_OBS_UINT8);
    let mut off = Env::new("classic", n, 5, 1, MARSAL_OBS_UINT8);
    let space = *unsafe { &*on.ptr }
        .env
        .as_ref()
        .expect("idle")
        .action_space();
    let mut rng = marsal::Rng::new(17);
    let mut before: Vec<Vec<i64>> = games(&on)
        .iter()
        .map(|g| legal_actions(&space, g))
        .collect();
    let mut refused = 0;
    for ply in 0..120 {
        let now = games(&on);
        assert_eq!(now, games(&off));
        let legal: Vec<Vec<i64>> = now.iter().map(|g| legal_actions(&space, g)).collect();
        let good: Vec<i64> = legal
            .iter()
            .map(|l| l[rng.below(l.len() as u32) as usize])
            .collect();
        // For each game, the actions legal in another game or in its own
        // previous position, and not now; and two out of range.
        for i in 0..n {
            let mut bad: Vec<i64> = (0..n)
                .flat_map(|j| legal[j].iter().copied())
                .chain(before[i].iter().copied())
                .filter(|a| legal[i].binary_search(a).is_err())
                .collect();
            bad.sort_unstable();
            bad.dedup();
            bad.extend([-1, 1800]);
            for &a in bad.iter().step_by(3) {
                let mut actions = good.clone();
                actions[i] = a;
                let bufs = on.bufs.clone();
                let (s_on, m_on) = step(&mut on, &actions, true);
                let (s_off, m_off) = step(&mut off, &actions, false);
                assert_ne!(s_on, MarsalStatus::Ok, "ply {ply}: game {i} took {a}");
                assert_eq!((s_on, &m_on), (s_off, &m_off));
                assert!(m_on.contains(&format!("actions[{i}]")), "{m_on}");
                assert_eq!(games(&on), now, "a refused step changed a game");
                assert_eq!(on.bufs, bufs, "a refused step wrote an output");
                refused += 1;
            }
        }
        before = legal;
        // Every other ply without masks: the legal actions kept are then
        // those of an older position.
        let masks = ply % 2 == 0;
        assert_eq!(step(&mut on, &good, masks).0, MarsalStatus::Ok);
        assert_eq!(step(&mut off, &good, false).0, MarsalStatus::Ok);
        if !masks {
            // Nothing kept is of the new positions: the draws find the moves.
            let mut drawn = vec![0i64; n];
            // SAFETY: a live handle and a buffer of `n`.
            let s = unsafe { marsal_vec_env_random_actions(on.ptr, drawn.as_mut_ptr(), n) };
            assert_eq!(s, MarsalStatus::Ok);
            for (g, a) in games(&on).iter().zip(&drawn) {
                assert!(legal_actions(&space, g).contains(a), "ply {ply}: {a}");
            }
        }
    }
    assert!(refused > 1000, "{refused}");
}

#[test]
fn with_masks_a_game_draws_from_the_actions_its_mask_listed() {
    // As documented: after a call that wrote the masks, game `i` draws
    // `list[below(len)]` from the legal actions listed with its mask (the
    // mask written is that list's), with its own generator (started from the
    // seed and `i`, used by nothing else). On classic with the history
    // rules at their strictest, so that pieces are often held back (where
    // the moves found again would draw otherwise), and long enough for games
    // to restart.
    let (n, seed) = (6, 41);
    let mut rules = marsal::Ruleset::classic();
    rules.two_square = Some(1);
    rules.more_squares = true;
    // The generators of each game's random actions, as the environment
    // draws them.
    let mut rngs: Vec<marsal::Rng> = (0..n)
        .map(|i| {
            let mut env = marsal_host::EnvGame::new(&rules, seed, i).expect("a game");
            *env.game_and_draws().1
        })
        .collect();
    let r = Box::into_raw(Box::new(MarsalRuleset { rules }));
    let mut e = Env::of(r, (4500, 1800), n, seed, 2, MARSAL_OBS_UINT8);
    let space = *unsafe { &*e.ptr }
        .env
        .as_ref()
        .expect("idle")
        .action_space();
    let writer = marsal::encoding::MaskWriter::new(&space);
    let mut mask = vec![0u8; space.size()];
    let mut list = [0u16; marsal::MAX_MOVES];
    for ply in 0..150 {
        let now = games(&e);
        let mut expected = vec![0i64; n];
        for i in 0..n {
            let len = writer.write_game_mask_listing(&now[i], &mut mask, &mut list);
            let block = &e.bufs.masks[i * space.size()..(i + 1) * space.size()];
            assert_eq!(block, &mask[..], "ply {ply}: game {i}'s mask");
            expected[i] = i64::from(list[rngs[i].below(len as u32) as usize]);
        }
        e.step_random();
        assert_eq!(e.bufs.actions, expected, "ply {ply}");
    }
}

#[test]
fn a_reset_restarts_every_game_as_a_new_environment_of_its_seed() {
    for masks in [true, false] {
        let mut e = Env::new("classic", 5, 1, 2, MARSAL_OBS_UINT8);
        for _ in 0..30 {
            e.step_random();
        }
        let o = if masks {
            e.bufs.outputs(MARSAL_OBS_UINT8)
        } else {
            MarsalVecEnvOutputs::NONE
        };
        // SAFETY: a live handle and buffers of the right sizes.
        assert_eq!(
            unsafe { marsal_vec_env_reset_into(e.ptr, 9, &o) },
            MarsalStatus::Ok
        );
        let fresh = Env::new("classic", 5, 9, 1, MARSAL_OBS_UINT8);
        assert_eq!(games(&e), games(&fresh));
        let space = *unsafe { &*e.ptr }
            .env
            .as_ref()
            .expect("idle")
            .action_space();
        let mut drawn = vec![0i64; 5];
        // SAFETY: a live handle and a buffer of 5.
        let s = unsafe { marsal_vec_env_random_actions(e.ptr, drawn.as_mut_ptr(), 5) };
        assert_eq!(s, MarsalStatus::Ok);
        for (g, a) in games(&e).iter().zip(&drawn) {
            assert!(legal_actions(&space, g).contains(a), "{a}");
        }
    }
}
