/* The native hook client: `gatehouse-hook NODE BIN hook CLI [--home DIR]`, the Node hook's command behind it.
 * It carries the agent's event to the running Gatehouse and its answer back, and knows nothing of any agent: the
 * server prints for it exactly what `NODE BIN hook CLI` would print (server/routes/native-hook.ts). Whatever it cannot
 * do itself before its question is sent, it hands to that Node hook, stdin and all (handover.c); after that, only the
 * Node hook's fallback (`--fallback WHY`), so a call is never submitted twice. C99, POSIX, libc only. */
#ifndef GATEHOUSE_HOOK_H
#define GATEHOUSE_HOOK_H

#include <stddef.h>

/* Larger than any real event (the Node hook's MAX_EVENT_BYTES): a bigger one goes to the Node hook, which refuses it. */
#define MAX_EVENT_BYTES (16u * 1024u * 1024u)
/* Largest answer read (the Node hook's limit on an answer, and room for the header). */
#define MAX_ANSWER_BYTES (1024u * 1024u + 64u * 1024u)
/* The exit of a native client that could not run the Node hook either: any failure but the program's own exit 2,
 * which the installed command's fail-closed tail (or Cline's script) turns into the agent's refusal. */
#define EXIT_BROKEN 127

/* Bytes read so far, owned by the caller. */
struct bytes {
    char *data;
    size_t len;
};

/* What endpoint.native says (native-endpoint.ts). */
struct endpoint {
    unsigned port;
    long pid;
    long fd;
    char inode[32];
    char started[32];
    char token[513];
    long limit_ms; /* this agent's whole wait for an answer */
};

/* The hook's command line, read. */
struct hook_args {
    char **node_argv;   /* NODE BIN hook CLI [--home DIR]: the Node hook, NULL-terminated */
    const char *cli;
    const char *home;   /* NULL: the default home */
};

/* handover.c: never return. */
void handover(char **node_argv, const struct bytes *read_so_far, int stdin_at_eof);
void fallback(char **node_argv, const char *why);

/* home.c: the home folder into buf; 0 when it is one the native client can name exactly as the Node hook does. */
int resolve_home(const char *named, char *buf, size_t size);

/* endpoint.c: 0 when endpoint.native in home is well-formed and names this cli. */
int read_endpoint(const char *home, const char *cli, struct endpoint *out);

/* proof.c: 1 when the kernel shows the endpoint's process holds the listener it recorded, in our network namespace. */
int listener_proven(const struct endpoint *ep);

/* exchange.c */
int connect_loopback(unsigned port);
/* Sends head and body in one writev (one segment for an event of usual size); 0 when all of it went. */
int send_request(int fd, const char *head, size_t head_len, const char *body, size_t body_len);
/* The response up to its head's Content-Length, or until the server closes; NULL with *why set on a timeout, an error
 * or an oversize answer. */
char *receive_answer(int fd, long deadline_ms, size_t *len, const char **why);

/* answer.c: the bytes the whole response in raw will take (head + Content-Length); -1 while its head has not all
 * come, 0 when the head carries no length an answer has (the response is then no answer: read no further). */
long answer_size(const char *raw, size_t len);
/* answer.c: 0 when `raw` is a complete 200 native answer; fills the stdout/stderr slices and the exit code. */
int parse_answer(const char *raw, size_t len, struct bytes *out, struct bytes *err, int *exit_code);

#endif
