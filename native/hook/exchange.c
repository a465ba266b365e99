/* One HTTP/1.1 exchange with 127.0.0.1: connect, send the request in one writev, and read the answer up to its
 * Content-Length (not until the server closes), within a deadline. */
#include "hook.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

int connect_loopback(unsigned port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); /* head and body leave at once, not after an ACK */
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    while (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    }
    return fd;
}

int send_request(int fd, const char *head, size_t head_len, const char *body, size_t body_len)
{
    struct iovec iov[2] = { { (void *)head, head_len }, { (void *)body, body_len } };
    struct iovec *at = iov;
    int count = 2;
    while (count > 0) {
        ssize_t n = writev(fd, at, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        /* A short write: skip what went, resume inside the part it stopped in. */
        size_t sent = (size_t)n;
        while (count > 0 && sent >= at->iov_len) {
            sent -= at->iov_len;
            at++;
            count--;
        }
        if (count > 0) {
            at->iov_base = (char *)at->iov_base + sent;
            at->iov_len -= sent;
        }
    }
    return 0;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

char *receive_answer(int fd, long deadline_ms, size_t *len, const char **why)
{
    size_t cap = 16384, have = 0;
    long size = -1; /* the whole answer's bytes, once its head has come */
    char *buf = malloc(cap);
    long end = now_ms() + deadline_ms;
    if (!buf) {
        *why = "the native hook ran out of memory";
        return NULL;
    }
    for (;;) {
        long left = end - now_ms();
        if (left <= 0) {
            *why = "no answer from Gatehouse within the hook's limit";
            break;
        }
        struct pollfd p = { fd, POLLIN, 0 };
        int ready = poll(&p, 1, left > 2000000000L ? 2000000000 : (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) {
            *why = "the connection to Gatehouse failed while it decided";
            break;
        }
        if (ready == 0) continue; /* the deadline is checked above */
        if (have == cap) {
            if (cap >= MAX_ANSWER_BYTES) {
                *why = "Gatehouse answered more than a hook answer can be";
                break;
            }
            cap *= 2;
            char *more = realloc(buf, cap);
            if (!more) {
                *why = "the native hook ran out of memory";
                break;
            }
            buf = more;
        }
        ssize_t n = read(fd, buf + have, cap - have);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            *why = "the connection to Gatehouse failed while it decided";
            break;
        }
        if (n > 0) have += (size_t)n;
        if (n > 0 && size < 0) size = answer_size(buf, have);
        if (size > (long)MAX_ANSWER_BYTES) {
            *why = "Gatehouse answered more than a hook answer can be";
            break;
        }
        /* Closed, or the answer whole (or its head no answer's): what came is the answer, parse_answer judges it. */
        if (n == 0 || (size >= 0 && have >= (size_t)size)) {
            *len = have;
            return buf;
        }
    }
    free(buf);
    return NULL;
}
