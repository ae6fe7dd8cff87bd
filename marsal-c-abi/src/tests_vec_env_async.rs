//! Tests of the asynchronous step (`marsal_vec_env_send` /
//! `marsal_vec_env_recv`): it gives exactly the outputs of
//! `marsal_vec_env_step_into` with any number of threads, a bad send changes
//! nothing and leaves nothing in flight, every other call is refused while a
//! step is in flight, and free waits for it.

use super::tests_vec_env::{Bufs, Env, last_message};

use super::*;
use crate::vec_env_async::send_panicking;

use std::ptr::{null, null_mut};

/// The asynchronous calls on the vector env tests' environment (its `Drop`
/// frees the handle before its buffers drop, so a step in flight never
/// outlives them).
impl Env {
    /// The number of games.
    fn n(&self) -> usize {
        self.bufs.actions.len()
    }

    fn random_actions(&self) -> Vec<i64> {
        let mut a = vec![0; self.n()];
        // SAFETY: a live handle and a buffer of `n`.
        let s = unsafe { marsal_vec_env_random_actions(self.ptr, a.as_mut_ptr(), self.n()) };
        assert_eq!(s, MarsalStatus::Ok);
        a
    }

    /// The status of `marsal_vec_env_random_actions` (refused in flight).
    fn random_actions_status(&self) -> MarsalStatus {
        let mut a = vec![0; self.n()];
        // SAFETY: a live handle and a buffer of `n`.
        unsafe { marsal_vec_env_random_actions(self.ptr, a.as_mut_ptr(), self.n()) }
    }

    fn step(&mut self, actions: &[i64]) -> MarsalStatus {
        let o = self.bufs.outputs(self.dtype);
        // SAFETY: a live handle and buffers of the right sizes.
        unsafe { marsal_vec_env_step_into(self.ptr, actions.as_ptr(), actions.len(), &o) }
    }

    fn send(&mut self, actions: &[i64]) -> MarsalStatus {
        let o = self.bufs.outputs(self.dtype);
        // SAFETY: a live handle and buffers of the right sizes, left alone
        // until `recv` (or the drop that frees the handle first).
        unsafe { marsal_vec_env_send(self.ptr, actions.as_ptr(), actions.len(), &o) }
    }

    fn recv(&mut self) -> MarsalStatus {
        // SAFETY: a live handle.
        unsafe { marsal_vec_env_recv(self.ptr) }
    }

    fn in_flight(&self) -> bool {
        let mut f = true;
        // SAFETY: a live handle and a real out pointer.
        assert_eq!(
            unsafe { marsal_vec_env_in_flight(self.ptr, &mut f) },
            MarsalStatus::Ok
        );
        f
    }
}

/// Steps `e` (by send and recv) and `sync` (by step) with the same random
/// actions `steps` times, checking that they draw and write the same.
fn goes_on_as(e: &mut Env, sync: &mut Env, steps: usize) {
    for _ in 0..steps {
        let a = sync.random_actions();
        assert_eq!(e.random_actions(), a);
        assert_eq!(sync.step(&a), MarsalStatus::Ok);
        assert_eq!(e.send(&a), MarsalStatus::Ok);
        assert_eq!(e.recv(), MarsalStatus::Ok);
        assert!(e.bufs == sync.bufs);
    }
}

#[test]
fn send_then_recv_gives_the_outputs_of_step_into_with_any_threads() {
    for (rules, steps) in [("classic", 150), ("barrage", 150), ("marsal_a_spion", 60)] {
        for dtype in [MARSAL_OBS_FLOAT32, MARSAL_OBS_UINT8] {
            let mut sync = Env::new(rules, 13, 21, 1, dtype);
            let mut asyncs: Vec<Env> = [1, 2, 3]
                .iter()
                .map(|&t| Env::new(rules, 13, 21, t, dtype))
                .collect();
            let mut truncations = 0;
            for step in 0..steps {
                let actions = sync.random_actions();
                assert_eq!(sync.step(&actions), MarsalStatus::Ok);
                truncations += sync.bufs.truncated.iter().filter(|&&t| t == 1).count();
                for e in &mut asyncs {
                    assert_eq!(e.random_actions(), actions, "{rules} step {step}");
                    let mut mine = actions.clone();
                    assert_eq!(e.send(&mine), MarsalStatus::Ok);
                    assert!(e.in_flight());
                    // The actions were read by send: their buffer is free.
                    mine.fill(-1);
                    assert_eq!(e.recv(), MarsalStatus::Ok);
                    assert!(!e.in_flight());
                    assert!(e.bufs == sync.bufs, "{rules} step {step}");
                }
            }
            // Truncations at 60 plies, so games were reset on the way.
            assert!(truncations > 0, "{rules}");
        }
    }
}

#[test]
fn send_without_outputs_plays_as_step_into_without_outputs() {
    let mut sync = Env::new("barrage", 5, 3, 1, MARSAL_OBS_FLOAT32);
    let mut e = Env::new("barrage", 5, 3, 2, MARSAL_OBS_FLOAT32);
    for _ in 0..40 {
        let a = sync.random_actions();
        assert_eq!(e.random_actions(), a);
        // SAFETY: live handles; NULL outputs write nothing.
        unsafe {
            assert_eq!(
                marsal_vec_env_step_into(sync.ptr, a.as_ptr(), 5, null()),
                MarsalStatus::Ok
            );
            assert_eq!(
                marsal_vec_env_send(e.ptr, a.as_ptr(), 5, null()),
                MarsalStatus::Ok
            );
        }
        assert_eq!(e.recv(), MarsalStatus::Ok);
    }
    let a = sync.random_actions();
    assert_eq!(e.random_actions(), a);
    assert_eq!(e.step(&a), MarsalStatus::Ok);
    assert_eq!(sync.step(&a), MarsalStatus::Ok);
    assert!(e.bufs == sync.bufs);
}

/// An action of game 0 of `e` its mask refuses.
fn illegal_action(e: &Env) -> i64 {
    let width = e.bufs.masks.len() / e.n();
    let i = e.bufs.masks[..width].iter().position(|&m| m == 0).unwrap();
    i64::try_from(i).unwrap()
}

#[test]
fn a_bad_action_at_send_fails_as_in_step_into_and_nothing_is_in_flight() {
    let mut sync = Env::new("classic", 40, 8, 1, MARSAL_OBS_UINT8);
    let mut e = Env::new("classic", 40, 8, 3, MARSAL_OBS_UINT8);
    let illegal = illegal_action(&e);
    for (index, bad, status) in [
        (17, -1, MarsalStatus::InvalidArgument),
        (31, 5000, MarsalStatus::InvalidArgument),
        (0, illegal, MarsalStatus::IllegalMove),
    ] {
        let mut actions = e.random_actions();
        assert_eq!(sync.random_actions(), actions);
        actions[index] = bad;
        let before = e.bufs.clone();
        assert_eq!(sync.step(&actions), status);
        let expected = last_message();
        assert_eq!(e.send(&actions), status);
        assert_eq!(last_message(), expected);
        assert!(
            expected.contains(&format!("actions[{index}]")),
            "{expected}"
        );
        assert!(!e.in_flight());
        assert!(e.bufs == before);
        assert_eq!(e.recv(), MarsalStatus::InvalidArgument);
    }
    // Nothing changed: the environment goes on as the synchronous one.
    goes_on_as(&mut e, &mut sync, 20);
}

#[test]
fn a_wrong_count_or_a_short_buffer_at_send_changes_nothing() {
    let mut e = Env::new("barrage", 4, 2, 2, MARSAL_OBS_FLOAT32);
    let a = e.random_actions();
    assert_eq!(e.send(&a[..3]), MarsalStatus::InvalidArgument);
    assert!(last_message().contains("3 actions for 4 games"));
    let mut o = e.bufs.outputs(MARSAL_OBS_FLOAT32);
    o.mask_cap -= 1;
    // SAFETY: a live handle; the outputs are checked before use.
    let s = unsafe { marsal_vec_env_send(e.ptr, a.as_ptr(), 4, &o) };
    assert_eq!(s, MarsalStatus::BufferTooSmall);
    o = e.bufs.outputs(MARSAL_OBS_FLOAT32);
    o.obs_dtype = 7;
    // SAFETY: as above.
    let s = unsafe { marsal_vec_env_send(e.ptr, a.as_ptr(), 4, &o) };
    assert_eq!(s, MarsalStatus::InvalidArgument);
    assert!(!e.in_flight());
    assert_eq!(e.send(&a), MarsalStatus::Ok);
    assert_eq!(e.recv(), MarsalStatus::Ok);
}

#[test]
fn recv_with_nothing_in_flight_is_refused() {
    let mut e = Env::new("barrage", 3, 1, 1, MARSAL_OBS_FLOAT32);
    let before = e.bufs.clone();
    assert_eq!(e.recv(), MarsalStatus::InvalidArgument);
    assert!(last_message().contains("no step is in flight"));
    assert!(e.bufs == before);
    let a = e.random_actions();
    assert_eq!(e.send(&a), MarsalStatus::Ok);
    assert_eq!(e.recv(), MarsalStatus::Ok);
    // Received once only.
    assert_eq!(e.recv(), MarsalStatus::InvalidArgument);
    assert!(last_message().contains("call marsal_vec_env_send first"));
}

#[test]
fn every_other_call_in_flight_is_refused_and_changes_nothing() {
    let mut sync = Env::new("classic", 6, 4, 1, MARSAL_OBS_FLOAT32);
    let mut e = Env::new("classic", 6, 4, 2, MARSAL_OBS_FLOAT32);
    let a = sync.random_actions();
    assert_eq!(e.random_actions(), a);
    assert_eq!(sync.step(&a), MarsalStatus::Ok);
    assert_eq!(e.send(&a), MarsalStatus::Ok);
    // Other buffers for the refused calls: the step's are being written.
    let mut other = Bufs::new(6, 4500, 1800);
    let o = other.outputs(MARSAL_OBS_FLOAT32);
    let mut acts = vec![0i64; 6];
    let mut sides = vec![0u8; 6];
    let (mut count, mut game, mut spin) = (0usize, null_mut(), 0u64);
    let p = e.ptr;
    // SAFETY: a live handle and real buffers; every call is refused before
    // it reads or writes anything.
    let refused = unsafe {
        [
            ("step_into", marsal_vec_env_step_into(p, a.as_ptr(), 6, &o)),
            (
                "step",
                marsal_vec_env_step(
                    p,
                    a.as_ptr(),
                    6,
                    null_mut(),
                    0,
                    null_mut(),
                    0,
                    null_mut(),
                    null_mut(),
                    null_mut(),
                ),
            ),
            ("send", marsal_vec_env_send(p, a.as_ptr(), 6, &o)),
            ("reset_into", marsal_vec_env_reset_into(p, 1, &o)),
            (
                "reset",
                marsal_vec_env_reset(p, 1, null_mut(), 0, null_mut(), 0),
            ),
            (
                "random_actions",
                marsal_vec_env_random_actions(p, acts.as_mut_ptr(), 6),
            ),
            (
                "bot_actions",
                marsal_vec_env_bot_actions(p, 0, 0, 1, acts.as_mut_ptr(), 6),
            ),
            ("set_threads", marsal_vec_env_set_threads(p, 1)),
            ("set_spin", marsal_vec_env_set_spin(p, 0)),
            ("spin", marsal_vec_env_spin(p, &mut spin)),
            ("threads", marsal_vec_env_threads(p, &mut count)),
            ("num_envs", marsal_vec_env_num_envs(p, &mut count)),
            ("to_move", marsal_vec_env_to_move(p, sides.as_mut_ptr(), 6)),
            ("game", marsal_vec_env_game(p, 0, &mut game)),
        ]
    };
    for (name, status) in refused {
        assert_eq!(status, MarsalStatus::InvalidArgument, "{name}");
    }
    assert_eq!(
        last_message(),
        "a step is in flight: call marsal_vec_env_recv first"
    );
    assert!(game.is_null());
    assert_eq!((count, spin, acts, sides), (0, 0, vec![0; 6], vec![0; 6]));
    // The spin was not changed (read once the step is received).
    let read_spin = |e: &Env| {
        let mut us = 0;
        // SAFETY: a live handle and a real out pointer.
        let s = unsafe { marsal_vec_env_spin(e.ptr, &mut us) };
        assert_eq!(s, MarsalStatus::Ok);
        us
    };
    assert!(e.in_flight());
    assert_eq!(e.recv(), MarsalStatus::Ok);
    assert!(e.bufs == sync.bufs);
    let mut t = 0;
    // SAFETY: a live handle and a real out pointer.
    assert_eq!(
        unsafe { marsal_vec_env_threads(e.ptr, &mut t) },
        MarsalStatus::Ok
    );
    assert_eq!(t, 2);
    assert_eq!(read_spin(&e), read_spin(&sync));
    for _ in 0..10 {
        let a = sync.random_actions();
        assert_eq!(e.random_actions(), a);
        assert_eq!(sync.step(&a), MarsalStatus::Ok);
        assert_eq!(e.step(&a), MarsalStatus::Ok);
        assert!(e.bufs == sync.bufs);
    }
}

#[test]
fn free_while_in_flight_waits_for_the_step() {
    for threads in [1, 3] {
        for steps in 0..4 {
            let mut e = Env::new("marsal_a_spion", 16, steps, threads, MARSAL_OBS_FLOAT32);
            for _ in 0..steps {
                let a = e.random_actions();
                assert_eq!(e.send(&a), MarsalStatus::Ok);
                assert_eq!(e.recv(), MarsalStatus::Ok);
            }
            let a = e.random_actions();
            assert_eq!(e.send(&a), MarsalStatus::Ok);
            // Dropped in flight: free waits for the step, then frees; the
            // buffers are dropped after it.
            drop(e);
        }
    }
}

#[test]
fn null_pointers_are_refused() {
    let mut e = Env::new("barrage", 2, 1, 1, MARSAL_OBS_FLOAT32);
    let a = e.random_actions();
    let o = e.bufs.outputs(MARSAL_OBS_FLOAT32);
    let mut f = false;
    // SAFETY: NULL handles and pointers are checked.
    unsafe {
        assert_eq!(
            marsal_vec_env_send(null_mut(), a.as_ptr(), 2, &o),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_vec_env_send(e.ptr, null(), 2, &o),
            MarsalStatus::NullPointer
        );
        assert_eq!(marsal_vec_env_recv(null_mut()), MarsalStatus::NullPointer);
        assert_eq!(
            marsal_vec_env_in_flight(null(), &mut f),
            MarsalStatus::NullPointer
        );
        assert_eq!(
            marsal_vec_env_in_flight(e.ptr, null_mut()),
            MarsalStatus::NullPointer
        );
    }
    assert!(!e.in_flight());
}

#[test]
fn a_panic_in_the_background_is_a_panic_status_at_recv_and_the_env_goes_on() {
    let mut sync = Env::new("barrage", 5, 9, 1, MARSAL_OBS_FLOAT32);
    let mut e = Env::new("barrage", 5, 9, 2, MARSAL_OBS_FLOAT32);
    let a = e.random_actions();
    assert_eq!(sync.random_actions(), a);
    let o = e.bufs.outputs(MARSAL_OBS_FLOAT32);
    // SAFETY: a live handle and buffers of the right sizes.
    let s = unsafe { send_panicking(e.ptr, a.as_ptr(), 5, &o) };
    assert_eq!(s, MarsalStatus::Ok);
    assert_eq!(e.recv(), MarsalStatus::Panic);
    assert!(
        last_message().contains("driver thread"),
        "{}",
        last_message()
    );
    assert!(!e.in_flight());
    // The games came back unplayed: the environment goes on.
    goes_on_as(&mut e, &mut sync, 10);
}

/// Small enough for Miri (`cargo +nightly miri test -p marsal-c-abi --lib
/// tests_vec_env_async::small`), which checks that the caller's thread, the
/// driver and the pool's worker share no data unsynchronised.
#[test]
fn small_steps_in_flight_on_two_threads_and_a_free_in_flight() {
    let mut sync = Env::new("barrage", 2, 5, 1, MARSAL_OBS_UINT8);
    let mut e = Env::new("barrage", 2, 5, 2, MARSAL_OBS_UINT8);
    for _ in 0..2 {
        let a = sync.random_actions();
        assert_eq!(e.random_actions(), a);
        assert_eq!(sync.step(&a), MarsalStatus::Ok);
        assert_eq!(e.send(&a), MarsalStatus::Ok);
        assert_eq!(e.random_actions_status(), MarsalStatus::InvalidArgument);
        assert_eq!(e.recv(), MarsalStatus::Ok);
        assert!(e.bufs == sync.bufs);
    }
    let a = e.random_actions();
    assert_eq!(e.send(&a), MarsalStatus::Ok);
    drop(e);
}
