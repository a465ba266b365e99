/* GATEHOUSE_HOME as the Node hook finds it (store/home.ts resolveHome): `--home`, else $GATEHOUSE_HOME, else the
 * per-user config folder. Only a path that needs no resolving is named here; anything else goes to the Node hook. */
#include "hook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when path is absolute and has no `.` or `..` part nor an empty one (what path.resolve would change). */
static int plain_absolute(const char *path)
{
    if (path[0] != '/') return 0;
    for (const char *p = path; *p; p++) {
        if (*p != '/') continue;
        const char *part = p + 1;
        size_t len = strcspn(part, "/");
        if ((len == 0 && part[0] == '/') || (len == 1 && part[0] == '.') || (len == 2 && part[0] == '.' && part[1] == '.')) return 0;
    }
    return 1;
}

static int has_edge_space(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && (strchr(" \t\n\r\v\f", s[0]) || strchr(" \t\n\r\v\f", s[n - 1]));
}

int resolve_home(const char *named, char *buf, size_t size)
{
    const char *explicit_home = named ? named : getenv("GATEHOUSE_HOME");
    int n;
    if (explicit_home && explicit_home[0]) {
        if (has_edge_space(explicit_home)) return -1;
        n = snprintf(buf, size, "%s", explicit_home);
    } else {
        const char *home = getenv("HOME");
        if (!home || !home[0]) return -1;
#if defined(__APPLE__)
        n = snprintf(buf, size, "%s/Library/Application Support/Gatehouse", home);
#elif defined(__linux__)
        const char *xdg = getenv("XDG_CONFIG_HOME");
        if (xdg && xdg[0] == '/') n = snprintf(buf, size, "%s/Gatehouse", xdg);
        else n = snprintf(buf, size, "%s/.config/Gatehouse", home);
#else
        return -1;
#endif
    }
    if (n < 0 || (size_t)n >= size) return -1;
    size_t len = (size_t)n;
    while (len > 1 && buf[len - 1] == '/') buf[--len] = '\0';
    return plain_absolute(buf) ? 0 : -1;
}
