//! Tests of the vector environment ([`VecEnv`]): its results on any number
//! of threads, the checks made before anything changes, the step's rewards,
//! ends and restarts, and the outputs it writes.

use crate::{ObsBuffer, VecEnv, VecEnvError, VecEnvOutputs};
use marsal::Ruleset;
use std::time::Duration;

/// Every output of a step of `n` games of `env`'s ruleset, `f32`
/// observations.
struct Bufs {
    obs: Vec<f32>,
    masks: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<u8>,
    truncated: Vec<u8>,
    to_move: Vec<u8>,
}

impl Bufs {
    /// Buffers for `env`, filled with values no call writes.
    fn new(env: &VecEnv) -> Bufs {
        let n = env.num_envs();
        Bufs {
            obs: vec![9.0; n * env.observation_size()],
            masks: vec![9; n * env.action_space().size()],
            rewards: vec![9.0; n],
            terminated: vec![9; n],
            truncated: vec![9; n],
            to_move: vec![9; n],
        }
    }

    fn outputs(&mut self) -> VecEnvOutputs<'_> {
        VecEnvOutputs {
            obs: Some(ObsBuffer::F32(&mut self.obs)),
            masks: Some(&mut self.masks),
            rewards: Some(&mut self.rewards),
            terminated: Some(&mut self.terminated),
            truncated: Some(&mut self.truncated),
            to_move: Some(&mut self.to_move),
        }
    }
}

fn plies(env: &VecEnv) -> Vec<u32> {
    env.games().map(|g| g.position().ply()).collect()
}

#[test]
fn the_results_are_the_same_on_any_number_of_threads() {
    let rules = Ruleset::classic();
    let mut one = VecEnv::new(&rules, 7, 3, 30).expect("an env");
    let mut three = VecEnv::new(&rules, 7, 3, 30).expect("an env");
    three.set_threads(3).expect("threads");
    assert_eq!((one.threads(), three.threads()), (1, 3));
    let (mut a, mut b) = (Bufs::new(&one), Bufs::new(&three));
    let (mut act_a, mut act_b) = ([0i64; 7], [0i64; 7]);
    for step in 0..60 {
        one.random_actions(&mut act_a).expect("draws");
        three.random_actions(&mut act_b).expect("draws");
        assert_eq!(act_a, act_b, "step {step}");
        one.step(&act_a, a.outputs()).expect("a step");
        three.step(&act_b, b.outputs()).expect("a step");
        assert_eq!(a.obs, b.obs, "step {step}");
        assert_eq!(a.masks, b.masks, "step {step}");
        assert_eq!(a.rewards, b.rewards, "step {step}");
        assert_eq!(a.terminated, b.terminated, "step {step}");
        assert_eq!(a.truncated, b.truncated, "step {step}");
        assert_eq!(a.to_move, b.to_move, "step {step}");
    }
    assert_eq!(plies(&one), plies(&three));
}

#[test]
fn every_action_is_checked_before_any_game_is_played_and_the_lowest_index_is_named() {
    let rules = Ruleset::barrage();
    let mut env = VecEnv::new(&rules, 3, 5, 0).expect("an env");
    let mut good = [0i64; 3];
    env.random_actions(&mut good).expect("draws");
    // An action whose move is not legal in game 2: one its mask leaves out.
    let mut mask = vec![0u8; 3 * env.action_space().size()];
    env.reset(
        5,
        VecEnvOutputs {
            masks: Some(&mut mask),
            ..VecEnvOutputs::default()
        },
    )
    .expect("a reset");
    let size = env.action_space().size();
    let illegal = (0..size)
        .find(|&a| {
            mask[2 * size + a] == 0 && env.action_space().decode(marsal::Side::Red, a).is_some()
        })
        .expect("an illegal action") as i64;
    let mut bad = good;
    bad[2] = illegal;
    bad[1] = size as i64;
    let err = env.step(&bad, VecEnvOutputs::default()).unwrap_err();
    assert_eq!(
        err,
        VecEnvError::NotAnAction {
            index: 1,
            action: size as i64,
            size
        }
    );
    assert!(err.to_string().starts_with("actions[1]: "), "{err}");
    bad[1] = good[1];
    let err = env.step(&bad, VecEnvOutputs::default()).unwrap_err();
    assert!(matches!(err, VecEnvError::Illegal { index: 2, action, .. } if action == illegal));
    assert_eq!(plies(&env), [0, 0, 0]);
    assert_eq!(
        env.step(&good[..2], VecEnvOutputs::default()),
        Err(VecEnvError::Actions { given: 2, games: 3 })
    );
    env.step(&good, VecEnvOutputs::default()).expect("a step");
    assert_eq!(plies(&env), [1, 1, 1]);
}

#[test]
fn a_short_buffer_is_refused_and_nothing_changes_a_longer_one_is_written_at_its_start() {
    let rules = Ruleset::barrage();
    let mut env = VecEnv::new(&rules, 2, 1, 0).expect("an env");
    let needed = 2 * env.action_space().size();
    let mut actions = [0i64; 2];
    env.random_actions(&mut actions).expect("draws");
    let mut short = vec![7u8; needed - 1];
    let out = VecEnvOutputs {
        masks: Some(&mut short),
        ..VecEnvOutputs::default()
    };
    assert_eq!(
        env.step(&actions, out),
        Err(VecEnvError::BufferTooSmall {
            what: "the masks",
            needed,
            given: needed - 1
        })
    );
    assert!(short.iter().all(|&m| m == 7));
    assert_eq!(plies(&env), [0, 0]);
    let mut rewards = [5.0f32; 1];
    let mut out = VecEnvOutputs {
        rewards: Some(&mut rewards),
        ..VecEnvOutputs::default()
    };
    assert!(matches!(
        env.check_outputs(&mut out),
        Err(VecEnvError::BufferTooSmall {
            what: "the rewards",
            needed: 2,
            given: 1
        })
    ));
    let mut long = vec![7u8; needed + 3];
    let out = VecEnvOutputs {
        masks: Some(&mut long),
        ..VecEnvOutputs::default()
    };
    env.step(&actions, out).expect("a step");
    assert!(long[..needed].iter().all(|&m| m <= 1));
    assert!(long[..needed].contains(&1));
    assert_eq!(long[needed..], [7, 7, 7]);
}

#[test]
fn a_game_at_the_ply_limit_is_cut_off_without_reward_and_starts_again() {
    let rules = Ruleset::barrage();
    let mut env = VecEnv::new(&rules, 3, 2, 2).expect("an env");
    let mut bufs = Bufs::new(&env);
    let mut actions = [0i64; 3];
    for ply in 1..=2u32 {
        env.random_actions(&mut actions).expect("draws");
        env.step(&actions, bufs.outputs()).expect("a step");
        let cut = u8::from(ply == 2);
        assert_eq!(bufs.truncated, [cut; 3], "ply {ply}");
        assert_eq!(bufs.terminated, [0; 3]);
        assert_eq!(bufs.rewards, [0.0; 3]);
    }
    assert_eq!(plies(&env), [0, 0, 0]);
    // The new games are Red's to move, and the outputs are theirs.
    assert_eq!(bufs.to_move, [0; 3]);
}

#[test]
fn a_game_that_ends_rewards_its_last_mover_and_starts_again() {
    let rules = Ruleset::barrage();
    let mut env = VecEnv::new(&rules, 8, 11, 0).expect("an env");
    let mut bufs = Bufs::new(&env);
    let mut actions = [0i64; 8];
    let mut ended = 0;
    for _ in 0..4_000 {
        let before = plies(&env);
        env.random_actions(&mut actions).expect("draws");
        env.step(&actions, bufs.outputs()).expect("a step");
        let after = plies(&env);
        for (i, (&was, &now)) in before.iter().zip(&after).enumerate() {
            if bufs.terminated[i] == 1 {
                ended += 1;
                assert_eq!(now, 0);
            } else {
                assert_eq!(bufs.rewards[i], 0.0);
                assert_eq!(now, was + 1);
            }
        }
        if bufs.rewards.iter().any(|&r| r != 0.0) && ended > 2 {
            break;
        }
    }
    assert!(ended > 0);
    assert!(
        bufs.rewards
            .iter()
            .all(|&r| r == 0.0 || r == 1.0 || r == -1.0)
    );
}

/// An environment of two Maršál a špión games four random plies in, its
/// observations of the fourth step written into `obs`.
fn four_plies_observed(obs: ObsBuffer<'_>) -> VecEnv {
    let mut env = VecEnv::new(&Ruleset::marsal_a_spion(), 2, 4, 0).expect("an env");
    let mut actions = [0i64; 2];
    for _ in 0..3 {
        env.random_actions(&mut actions).expect("draws");
        env.step(&actions, VecEnvOutputs::default())
            .expect("a step");
    }
    env.random_actions(&mut actions).expect("draws");
    let out = VecEnvOutputs {
        obs: Some(obs),
        ..VecEnvOutputs::default()
    };
    env.step(&actions, out).expect("a step");
    env
}

#[test]
fn the_byte_observations_are_the_float_ones_with_fractions_scaled_to_255() {
    let size = 2 * VecEnv::new(&Ruleset::marsal_a_spion(), 2, 4, 0)
        .expect("an env")
        .observation_size();
    let (mut f, mut b) = (vec![0f32; size], vec![0u8; size]);
    let floats = four_plies_observed(ObsBuffer::F32(&mut f));
    let bytes = four_plies_observed(ObsBuffer::U8(&mut b));
    assert_eq!(plies(&floats), plies(&bytes));
    assert!(f.iter().any(|&x| x > 0.0 && x < 1.0), "a fraction plane");
    for (&x, &y) in f.iter().zip(&b) {
        let byte = if x == 0.0 || x == 1.0 {
            x as u8
        } else {
            (x * 255.0).round() as u8
        };
        assert_eq!(byte, y, "{x}");
    }
}

#[test]
fn a_reset_writes_the_new_games_and_no_reward_and_draws_come_from_their_masks() {
    let rules = Ruleset::classic();
    let mut env = VecEnv::new(&rules, 4, 1, 0).expect("an env");
    let mut actions = [0i64; 4];
    env.random_actions(&mut actions).expect("draws");
    env.step(&actions, VecEnvOutputs::default())
        .expect("a step");
    let mut bufs = Bufs::new(&env);
    env.reset(8, bufs.outputs()).expect("a reset");
    assert_eq!(plies(&env), [0; 4]);
    assert_eq!(bufs.rewards, [0.0; 4]);
    assert_eq!(
        (&bufs.terminated[..], &bufs.truncated[..]),
        (&[0; 4][..], &[0; 4][..])
    );
    assert_eq!(bufs.to_move, [0; 4]);
    let fresh = VecEnv::new(&rules, 4, 8, 0).expect("an env");
    for i in 0..4 {
        assert_eq!(
            env.game(i).expect("a game").position(),
            fresh.game(i).expect("a game").position()
        );
    }
    let size = env.action_space().size();
    for _ in 0..20 {
        env.random_actions(&mut actions).expect("draws");
        for (i, &a) in actions.iter().enumerate() {
            assert_eq!(bufs.masks[i * size + a as usize], 1, "game {i}");
        }
        env.step(&actions, bufs.outputs()).expect("a step");
        let mut sides = [9; 4];
        env.to_move(&mut sides).expect("sides");
        assert_eq!(sides.to_vec(), bufs.to_move);
    }
}

#[test]
fn the_play_half_needs_checked_actions() {
    let mut env = VecEnv::new(&Ruleset::barrage(), 2, 1, 0).expect("an env");
    assert_eq!(
        env.play_checked(VecEnvOutputs::default()),
        Err(VecEnvError::NotChecked)
    );
    let mut actions = [0i64; 2];
    env.random_actions(&mut actions).expect("draws");
    env.check_actions(&actions).expect("legal");
    assert_eq!(plies(&env), [0, 0]);
    env.play_checked(VecEnvOutputs::default()).expect("played");
    assert_eq!(plies(&env), [1, 1]);
}

#[test]
fn out_of_range_settings_are_refused_with_their_limits() {
    let rules = Ruleset::barrage();
    assert_eq!(
        VecEnv::new(&rules, 0, 1, 0).err(),
        Some(VecEnvError::NumEnvs(0))
    );
    let too_many = VecEnv::MAX_ENVS + 1;
    assert_eq!(
        VecEnv::new(&rules, too_many, 1, 0).err(),
        Some(VecEnvError::NumEnvs(too_many))
    );
    let mut env = VecEnv::new(&rules, 2, 1, 0).expect("an env");
    let err = env.set_threads(VecEnv::MAX_THREADS + 1).unwrap_err();
    assert_eq!(err.to_string(), "num_threads must be 0..=256, not 257");
    env.set_threads(VecEnv::MAX_THREADS)
        .expect("clamped to the games");
    assert_eq!(env.threads(), 2);
    env.set_threads(0).expect("one a core, at most one a game");
    assert!((1..=2).contains(&env.threads()));
    let long = VecEnv::MAX_SPIN + Duration::from_micros(1);
    assert_eq!(
        env.set_spin(long).unwrap_err().to_string(),
        "the spin must be 0..=1000000 microseconds, not 1000001"
    );
    env.set_spin(VecEnv::MAX_SPIN).expect("the longest spin");
    assert_eq!(env.spin(), VecEnv::MAX_SPIN);
    assert_eq!(
        env.game(2).err(),
        Some(VecEnvError::GameIndex { index: 2, games: 2 })
    );
    assert_eq!(
        env.random_actions(&mut [0; 3]),
        Err(VecEnvError::ActionRoom { given: 3, games: 2 })
    );
    assert_eq!(
        env.to_move(&mut [0; 1]),
        Err(VecEnvError::SideRoom { given: 1, games: 2 })
    );
}
