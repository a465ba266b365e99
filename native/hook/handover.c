/* The ways out to the Node hook. Both exec it in this process, so its stdout, stderr and exit are the hook's own and
 * nothing here can alter them. */
#include "hook.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Writes all of buf to fd; 0 on success. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0) return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

static void exec_node(char **argv)
{
    signal(SIGPIPE, SIG_DFL);
    execv(argv[0], argv);
    fprintf(stderr, "gatehouse hook: no decision — the native hook could not start its Node hook %s; denied\n", argv[0]);
    _exit(EXIT_BROKEN);
}

/* Feeds what was read, then the rest of our stdin, into a pipe from a grandchild (reaped by init), and execs the
 * Node hook on the pipe's end: it reads the same bytes the agent wrote. */
void handover(char **node_argv, const struct bytes *read_so_far, int stdin_at_eof)
{
    int p[2];
    if (pipe(p) != 0) exec_node(node_argv); /* nothing else to give it: it reads an empty stdin and refuses */
    pid_t child = fork();
    if (child == 0) {
        if (fork() != 0) _exit(0);
        close(p[0]);
        close(1);
        close(2);
        if (write_all(p[1], read_so_far->data, read_so_far->len) != 0) _exit(1);
        if (!stdin_at_eof) {
            char buf[65536];
            for (;;) {
                ssize_t n = read(0, buf, sizeof buf);
                if (n <= 0 || write_all(p[1], buf, (size_t)n) != 0) break;
            }
        }
        _exit(0);
    }
    if (child > 0) waitpid(child, NULL, 0);
    close(p[1]);
    if (child < 0 || dup2(p[0], 0) < 0) {
        /* No writer: the Node hook must not read a truncated event, so it gets none and refuses. */
        close(0);
    }
    close(p[0]);
    exec_node(node_argv);
}

/* Execs `NODE BIN hook CLI [--home DIR] --fallback WHY`: the agent's own fallback, nothing asked. */
void fallback(char **node_argv, const char *why)
{
    size_t n = 0;
    while (node_argv[n]) n++;
    char **argv = calloc(n + 3, sizeof *argv);
    if (!argv) {
        fprintf(stderr, "gatehouse hook: no decision — %s; denied\n", why);
        _exit(EXIT_BROKEN);
    }
    memcpy(argv, node_argv, n * sizeof *argv);
    argv[n] = "--fallback";
    argv[n + 1] = (char *)why;
    exec_node(argv);
}
