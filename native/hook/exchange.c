/* One HTTP/1.1 exchange with 127.0.0.1: connect, send, and read until the server closes, within a deadline. */
#include "hook.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
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

int send_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

char *receive_all(int fd, long deadline_ms, size_t *len, const char **why)
{
    size_t cap = 16384, have = 0;
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
        if (n == 0) {
            *len = have;
            return buf;
        }
        have += (size_t)n;
    }
    free(buf);
    return NULL;
}
