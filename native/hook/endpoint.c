/* Reads endpoint.native (endpoint/native-endpoint.ts writes it beside endpoint.json): strictly, every line whole, or
 * not at all. */
#include "hook.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FILE 16384

/* The next line of *at (its newline replaced by NUL); NULL at the end or for a last line without a newline. */
static char *next_line(char **at)
{
    char *line = *at;
    char *nl = strchr(line, '\n');
    if (!nl) return NULL;
    *nl = '\0';
    *at = nl + 1;
    return line;
}

/* A decimal number that is all of s, at most max; -1 otherwise. */
static long decimal(const char *s, long max)
{
    if (!*s || strlen(s) > 18) return -1;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        v = v * 10 + (*s - '0');
    }
    return v <= max ? v : -1;
}

/* Splits line at single spaces into at most max words; the count, or -1 for an empty word. */
static int words(char *line, char **out, int max)
{
    int n = 0;
    for (char *w = line;; ) {
        if (n == max || !*w) return -1;
        out[n++] = w;
        char *sp = strchr(w, ' ');
        if (!sp) return n;
        *sp = '\0';
        w = sp + 1;
    }
}

static int copy_digits(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n == 0 || n >= size || strspn(src, "0123456789") != n) return -1;
    memcpy(dst, src, n + 1);
    return 0;
}

int read_endpoint(const char *home, const char *cli, struct endpoint *out)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/endpoint.native", home) >= (int)sizeof path) return -1;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    char buf[MAX_FILE + 1];
    size_t len = 0;
    for (;;) {
        ssize_t n = read(fd, buf + len, MAX_FILE - len);
        if (n < 0) { close(fd); return -1; }
        if (n == 0) break;
        len += (size_t)n;
        if (len == MAX_FILE) { close(fd); return -1; }
    }
    close(fd);
    buf[len] = '\0';
    if (strlen(buf) != len) return -1;

    char *at = buf, *line, *w[6];
    line = next_line(&at);
    if (!line || strcmp(line, "gatehouse-hook-endpoint 1") != 0) return -1;
    line = next_line(&at);
    if (!line || words(line, w, 6) != 5) return -1;
    long port = decimal(w[0], 65535), pid = decimal(w[1], 0x7fffffffL), lfd = decimal(w[2], 0x7fffffffL);
    if (port <= 0 || pid <= 0 || lfd < 0) return -1;
    if (copy_digits(out->inode, sizeof out->inode, w[3]) || copy_digits(out->started, sizeof out->started, w[4])) return -1;
    out->port = (unsigned)port;
    out->pid = pid;
    out->fd = lfd;
    line = next_line(&at);
    size_t tlen = line ? strlen(line) : 0;
    if (tlen < 16 || tlen >= sizeof out->token) return -1;
    if (strspn(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~+/=-") != tlen) return -1;
    memcpy(out->token, line, tlen + 1);
    out->limit_ms = -1;
    while ((line = next_line(&at)) != NULL) {
        if (words(line, w, 3) != 2) return -1;
        long ms = decimal(w[1], 24L * 3600 * 1000);
        if (ms <= 0) return -1;
        if (strcmp(w[0], cli) == 0) out->limit_ms = ms;
    }
    return *at == '\0' && out->limit_ms > 0 ? 0 : -1;
}
