//! Tests of the vector environment on threads: any number of threads gives
//! the same games and outputs as one, `uint8_t` observations carry what the
//! `float` ones do, and a bad call changes nothing.

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

/// The buffers of every output of an environment of `n` games.
#[derive(Clone, PartialEq, Debug)]
struct Bufs {
    obs_f32: Vec<f32>,
    obs_u8: Vec<u8>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    to_move: Vec<u8>,
    actions: Vec<i64>,
}

impl Bufs {
    fn new(n: usize, obs: usize, actions: usize) -> Bufs {
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
    fn outputs(&mut self, dtype: u8) -> MarsalVecEnvOutputs {
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

struct Env {
    ptr: *mut MarsalVecEnv,
    bufs: Bufs,
    dtype: u8,
}

impl Env {
    fn new(rules: &str, n: usize, seed: u64, threads: usize, dtype: u8) -> Env {
        let r = preset(rules);
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
        let (obs, actions) = match rules {
            "marsal_a_spion" => (45 * 144, 3744),
            _ => (4500, 1800),
        };
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
