/*
 * thread_exit.c: the C ABI called from a pthread key destructor, and
 * messages that are plain C strings (no control characters, bounded length).
 *
 * A thread makes a failing call (so the library's per-thread state exists),
 * then exits; the destructor of a pthread key runs after the thread's other
 * thread-local storage is torn down, makes failing calls and reads the last
 * error message. Before the fix this aborted the process ("cannot access a
 * Thread Local Storage value during or after destruction"). Every message read
 * must have strlen == len and no control character.
 *
 * Exit status 0 (and a last line "all checks passed") only if every check
 * passed.
 *
 * Build (from the workspace root, after `cargo build -p marsal-ffi`):
 *   cc -std=c11 -Wall -Wextra -pedantic -Werror -Iinclude \
 *      marsal-ffi/examples/c/thread_exit.c -pthread -Ltarget/debug -lmarsal \
 *      -Wl,-rpath,"$PWD/target/debug" -o thread_exit
 */

#include "marsal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int destructor_checks = 0;

static void check(int ok, const char *what) {
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

/* Reads the last error message; checks strlen == len and no control byte. */
static void check_message(const char *where) {
    size_t len = 0;
    MarsalStatus s = marsal_last_error_message(NULL, 0, &len);
    check(s == MARSAL_STATUS_BUFFER_TOO_SMALL || (s == MARSAL_STATUS_OK && len == 0),
          "size query of the message");
    char *buf = malloc(len + 1);
    if (buf == NULL) {
        check(0, "malloc");
        return;
    }
    size_t len2 = 0;
    s = marsal_last_error_message(buf, len + 1, &len2);
    check(s == MARSAL_STATUS_OK, "reading the message");
    check(len2 == len && strlen(buf) == len, "strlen(message) == len");
    check(len > 0, "the message is not empty");
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f) {
            check(0, "no control character in the message");
            break;
        }
    }
    printf("%s: %s\n", where, buf);
    free(buf);
}

static void failing_calls(const char *where) {
    MarsalRuleset *r = NULL;
    /* A preset name with NUL-free control characters (ESC, 0x01). */
    check(marsal_ruleset_preset("\x1b[31mred\x01", &r) == MARSAL_STATUS_PARSE_ERROR,
          "an unknown preset is a parse error");
    check(r == NULL, "no handle from a failed call");
    check_message(where);
    check(marsal_game_free(NULL) == MARSAL_STATUS_OK, "free(NULL)");
    MarsalRuleset *classic = NULL;
    if (marsal_ruleset_preset("classic", &classic) != MARSAL_STATUS_OK) {
        check(0, "the classic preset");
        return;
    }
    /* A setup row with an ESC: the message must escape it. */
    MarsalGame *g = NULL;
    const char *red = "\x1b" "BBBBBBBBB/BBBBBBBBBB/BBBBBBBBBB/BBBBBBBBBB";
    check(marsal_game_new(classic, red, red, &g) != MARSAL_STATUS_OK, "a bad setup is refused");
    check_message(where);
    marsal_ruleset_free(classic);
}

static void destructor(void *value) {
    (void)value;
    failing_calls("in the key destructor");
    destructor_checks++;
}

static void *thread_main(void *key) {
    /* Any non-NULL value makes the destructor run at thread exit. */
    pthread_setspecific(*(pthread_key_t *)key, (void *)1);
    failing_calls("in the thread");
    return NULL;
}

/* A huge input: the message quotes a bounded part of it. */
static void huge_preset_name(void) {
    size_t n = 10u * 1000u * 1000u;
    char *name = malloc(n + 1);
    if (name == NULL) {
        check(0, "malloc");
        return;
    }
    memset(name, 0x01, n);
    name[n] = 0;
    MarsalRuleset *r = NULL;
    check(marsal_ruleset_preset(name, &r) == MARSAL_STATUS_PARSE_ERROR, "a 10 MB preset name");
    free(name);
    size_t len = 0;
    marsal_last_error_message(NULL, 0, &len);
    check(len <= 1024, "the message of a 10 MB input is at most 1 KB");
    check_message("10 MB preset name");
}

int main(void) {
    pthread_key_t key;
    if (pthread_key_create(&key, destructor) != 0) {
        printf("FAIL: pthread_key_create\n");
        return 1;
    }
    pthread_t t;
    if (pthread_create(&t, NULL, thread_main, &key) != 0) {
        printf("FAIL: pthread_create\n");
        return 1;
    }
    pthread_join(t, NULL);
    check(destructor_checks == 1, "the key destructor ran");
    pthread_key_delete(key);
    huge_preset_name();
    if (failures == 0) {
        printf("all checks passed\n");
        return 0;
    }
    printf("%d checks failed\n", failures);
    return 1;
}
