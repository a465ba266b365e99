/* The kernel's word that the socket we connected to is the instance's (endpoint/listener.ts listenerProven, the same
 * three facts): its process, started when recorded, still holds the recorded listening socket at the recorded
 * descriptor, in our network namespace. Off Linux there is no such word, and the Node hook (signatures) decides. */
#include "hook.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
/* The link's target into buf, NUL-terminated; -1 when unreadable or too long. */
static int link_of(const char *path, char *buf, size_t size)
{
    ssize_t n = readlink(path, buf, size - 1);
    if (n < 0 || (size_t)n >= size - 1) return -1;
    buf[n] = '\0';
    return 0;
}

/* Field 22 (start time) of /proc/<pid>/stat into buf; counted from the last ')' (the name may hold anything). */
static int start_time(long pid, char *buf, size_t size)
{
    char path[64], stat[4096];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (n <= 0) return -1;
    stat[n] = '\0';
    char *p = strrchr(stat, ')');
    if (!p) return -1;
    p++;
    for (int field = 3; field < 22; field++) { /* skip fields 3 to 21 */
        while (*p == ' ') p++;
        p += strcspn(p, " ");
        if (!*p) return -1;
    }
    while (*p == ' ') p++;
    size_t len = strcspn(p, " \n");
    if (len == 0 || len >= size || strspn(p, "0123456789") < len) return -1;
    memcpy(buf, p, len);
    buf[len] = '\0';
    return 0;
}

int listener_proven(const struct endpoint *ep)
{
    char path[64], link[128], expected[64], mine[128], started[32];
    snprintf(path, sizeof path, "/proc/%ld/fd/%ld", ep->pid, ep->fd);
    snprintf(expected, sizeof expected, "socket:[%s]", ep->inode);
    if (link_of(path, link, sizeof link) || strcmp(link, expected) != 0) return 0;
    snprintf(path, sizeof path, "/proc/%ld/ns/net", ep->pid);
    if (link_of(path, link, sizeof link) || link_of("/proc/self/ns/net", mine, sizeof mine) || strcmp(link, mine) != 0) return 0;
    return start_time(ep->pid, started, sizeof started) == 0 && strcmp(started, ep->started) == 0;
}
#else
int listener_proven(const struct endpoint *ep)
{
    (void)ep;
    return 0;
}
#endif
