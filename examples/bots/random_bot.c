/* A random bot for the marsal protocol (docs/protocol.md), in C.
 *
 *   cc -O2 -o random_bot examples/bots/random_bot.c
 *   marsal match --ruleset barrage --red ./random_bot --blue ./random_bot
 *
 * An optional first argument seeds its choices ("./random_bot 7": the same
 * games every run); without it, the clock does.
 *
 * It shuffles the example setup the referee offers (same rows, same pieces,
 * so still legal) and answers each `go` with one of the legal moves listed.
 * Lines can be long (a `go` lists every legal move), so they are read with
 * getline(). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    srand(argc > 1 ? (unsigned)atoi(argv[1]) : (unsigned)time(NULL));
    setvbuf(stdout, NULL, _IOLBF, 0);
    while ((len = getline(&line, &cap, stdin)) > 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strncmp(line, "setup ", 6) == 0) {
            char *setup = line + 6;
            size_t n = strlen(setup), count = 0;
            size_t *at = malloc(n * sizeof *at);
            if (!at) return 1;
            for (size_t i = 0; i < n; i++)
                if (setup[i] != '/') at[count++] = i;
            for (size_t i = count; i > 1; i--) { /* Fisher-Yates */
                size_t j = (size_t)rand() % i;
                char t = setup[at[i - 1]];
                setup[at[i - 1]] = setup[at[j]];
                setup[at[j]] = t;
            }
            free(at);
            printf("%s\n", setup);
        } else if (strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\0')) {
            char *moves[4096];
            int count = 0;
            for (char *w = strtok(line + 2, " "); w && count < 4096; w = strtok(NULL, " "))
                moves[count++] = w;
            if (count == 0) printf("resign\n");
            else printf("%s\n", moves[rand() % count]);
        } else if (strncmp(line, "end", 3) == 0) {
            break;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
