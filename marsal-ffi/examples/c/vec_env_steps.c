/* Steps a vector environment of 256 classic games with random legal actions
 * drawn in the library, observations and masks every step: the driver of the
 * instruction counts a game a step quoted in README.md and python/README.md.
 *
 *   cargo build --profile profiling -p marsal-ffi
 *   cc -O2 -Iinclude marsal-ffi/examples/c/vec_env_steps.c -Ltarget/profiling \
 *      -lmarsal -Wl,-rpath,$PWD/target/profiling -o /tmp/vec_env_steps
 *   valgrind --tool=callgrind /tmp/vec_env_steps 100 1   # and 300: the
 *   # difference of the two totals over 200 * 256 is a game-step
 *
 * Arguments: timed steps (after 100 warm-up steps), the mode (1 uint8
 * observations + masks, 0 float observations + masks, 2 masks only) and the
 * number of threads (1 by default), and how long the threads spin between
 * hand-overs in microseconds (the library's default when not given). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "marsal.h"

#define ENVS 256

static int ok(enum MarsalStatus st, const char *what) {
  if (st != MARSAL_STATUS_OK) {
    char msg[512];
    size_t len = 0;
    if (marsal_last_error_message(msg, sizeof msg, &len) != MARSAL_STATUS_OK)
      msg[0] = 0;
    fprintf(stderr, "%s: %s\n", what, msg);
    return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 200;
  int mode = argc > 2 ? atoi(argv[2]) : 1;
  int threads = argc > 3 ? atoi(argv[3]) : 1;
  long spin = argc > 4 ? atol(argv[4]) : -1;
  MarsalRuleset *rules = NULL;
  MarsalVecEnv *env = NULL;
  if (!ok(marsal_ruleset_preset("classic", &rules), "preset") ||
      !ok(marsal_vec_env_new(rules, ENVS, 1, 0, &env), "vec_env_new") ||
      !ok(marsal_vec_env_set_threads(env, threads > 0 ? (size_t)threads : 1), "threads") ||
      (spin >= 0 && !ok(marsal_vec_env_set_spin(env, (uint64_t)spin), "spin")))
    return 1;
  size_t obs_size = 4500, mask_size = 1800; /* classic: 45 x 10 x 10, 1,800 */
  void *obs = malloc(ENVS * obs_size * sizeof(float));
  uint8_t *masks = malloc(ENVS * mask_size);
  static float rewards[ENVS];
  static uint8_t terminated[ENVS], truncated[ENVS], to_move[ENVS];
  static int64_t actions[ENVS];
  if (obs == NULL || masks == NULL)
    return 1;
  MarsalVecEnvOutputs out = {0};
  out.obs = mode == 2 ? NULL : obs;
  out.obs_cap = ENVS * obs_size;
  out.obs_dtype = mode == 0 ? MARSAL_OBS_FLOAT32 : MARSAL_OBS_UINT8;
  out.masks = masks;
  out.mask_cap = ENVS * mask_size;
  out.rewards = rewards;
  out.terminated = terminated;
  out.truncated = truncated;
  out.to_move = to_move;
  if (!ok(marsal_vec_env_reset_into(env, 1, &out), "reset"))
    return 1;
  for (int s = 0; s < 100 + steps; s++) {
    if (!ok(marsal_vec_env_random_actions(env, actions, ENVS), "random_actions") ||
        !ok(marsal_vec_env_step_into(env, actions, ENVS, &out), "step"))
      return 1;
  }
  printf("%d steps of %d games\n", 100 + steps, ENVS);
  marsal_vec_env_free(env);
  marsal_ruleset_free(rules);
  free(obs);
  free(masks);
  return 0;
}
