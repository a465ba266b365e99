/* gatehouse-hook NODE BIN hook CLI [--home DIR]: see hook.h. */
#include "hook.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Reads stdin to its end, or to one byte past MAX_EVENT_BYTES; *at_eof says which. */
static void read_stdin(struct bytes *in, int *at_eof)
{
    size_t cap = 65536;
    in->data = malloc(cap);
    in->len = 0;
    *at_eof = 0;
    if (!in->data) return;
    for (;;) {
        if (in->len == cap) {
            if (cap > MAX_EVENT_BYTES) return;
            char *more = realloc(in->data, cap * 2);
            if (!more) return;
            in->data = more;
            cap *= 2;
        }
        ssize_t n = read(0, in->data + in->len, cap - in->len);
        if (n < 0) return;
        if (n == 0) break;
        in->len += (size_t)n;
    }
    *at_eof = in->len <= MAX_EVENT_BYTES;
}

/* The value of GATEHOUSE_HOOK_TIMEOUT when it can go in a header as it is (printable ASCII), "" when unset; NULL
 * when it cannot (the Node hook then reads it itself). */
static const char *timeout_setting(void)
{
    const char *v = getenv("GATEHOUSE_HOOK_TIMEOUT");
    if (!v) return "";
    size_t n = strlen(v);
    if (n > 64) return NULL;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < 0x20 || v[i] > 0x7e) return NULL;
    }
    return v;
}

/* The request head for the event; NULL when it does not fit. */
static char *request_head(const struct endpoint *ep, const char *cli, const char *timeout, size_t body_len)
{
    static char head[2048];
    int n = snprintf(head, sizeof head,
                     "POST /v1/hooks/%s/native HTTP/1.1\r\nhost: 127.0.0.1:%u\r\nconnection: close\r\n"
                     "authorization: Bearer %s\r\ncontent-type: application/x-gatehouse-hook-event\r\n"
                     "%s%s%scontent-length: %zu\r\n\r\n",
                     cli, ep->port, ep->token, timeout[0] ? "x-gatehouse-hook-timeout: " : "", timeout, timeout[0] ? "\r\n" : "", body_len);
    return n > 0 && (size_t)n < sizeof head ? head : NULL;
}

static int write_out(int fd, const struct bytes *b)
{
    const char *p = b->data;
    size_t left = b->len;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n <= 0) return -1;
        p += n;
        left -= (size_t)n;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: gatehouse-hook NODE BIN hook CLI [--home DIR]  (the Node hook's command)\n", stderr);
        return EXIT_BROKEN;
    }
    char **node_argv = argv + 1;
    struct bytes in;
    int at_eof;
    read_stdin(&in, &at_eof);
    struct bytes none = { "", 0 };
    /* Anything but exactly `NODE BIN hook CLI [--home DIR]`: the Node hook says what is wrong. */
    int shaped = (argc == 5 || (argc == 7 && strcmp(argv[5], "--home") == 0 && argv[6][0])) && strcmp(argv[3], "hook") == 0;
    if (!in.data) handover(node_argv, &none, 0);
    if (!shaped || !at_eof) handover(node_argv, &in, at_eof);
    const char *cli = argv[4];
    if (strlen(cli) == 0 || strlen(cli) > 64 || strspn(cli, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(cli)) handover(node_argv, &in, 1);

    char home[4096];
    struct endpoint ep;
    const char *timeout = timeout_setting();
    if (!timeout || resolve_home(argc == 7 ? argv[6] : NULL, home, sizeof home) != 0 || read_endpoint(home, cli, &ep) != 0) handover(node_argv, &in, 1);
    char *head = request_head(&ep, cli, timeout, in.len);
    if (!head) handover(node_argv, &in, 1);
    signal(SIGPIPE, SIG_IGN);
    int fd = connect_loopback(ep.port);
    /* Proven after connecting: the listener recorded before we read the file still holds the port, so it took our
     * connection (a bound socket keeps its address; no other socket listens on it meanwhile). */
    if (fd < 0 || !listener_proven(&ep)) {
        if (fd >= 0) close(fd);
        handover(node_argv, &in, 1);
    }

    /* From the first byte sent on, the call may be submitted: never again. */
    if (send_request(fd, head, strlen(head), in.data, in.len) != 0) fallback(node_argv, "the connection to Gatehouse failed while the native hook asked");
    size_t len = 0;
    const char *why = NULL;
    char *raw = receive_answer(fd, ep.limit_ms, &len, &why);
    close(fd);
    if (!raw) fallback(node_argv, why);
    struct bytes out, err;
    int code;
    if (parse_answer(raw, len, &out, &err, &code) != 0) fallback(node_argv, "Gatehouse sent the native hook something that is not its answer");
    if (write_out(2, &err) != 0 || write_out(1, &out) != 0) return EXIT_BROKEN;
    return code;
}
