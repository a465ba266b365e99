/* Reads the server's answer (server/routes/native-hook.ts): a 200 with exactly the native answer's type and a
 * Content-Length, and a body `gatehouse-hook-answer 1 EXIT OUT ERR\n` + OUT bytes of stdout + ERR bytes of stderr that
 * fills it exactly. Anything else is no answer: the caller then prints the agent's fallback. */
#include "hook.h"

#include <string.h>
#include <strings.h>

#define ANSWER_TYPE "application/x-gatehouse-hook-answer"
#define MAGIC "gatehouse-hook-answer 1 "

/* A decimal of at most 9 digits from *p up to the byte `stop`, advancing past it; -1 when malformed. */
static long number_until(const char **p, const char *end, char stop)
{
    long v = 0;
    int digits = 0;
    while (*p < end && **p >= '0' && **p <= '9' && digits < 10) {
        v = v * 10 + (**p - '0');
        (*p)++;
        digits++;
    }
    if (digits == 0 || digits > 9 || *p >= end || **p != stop) return -1;
    (*p)++;
    return v;
}

/* The value of header `name` in the head [head, end), trimmed of spaces; NULL when absent or repeated. */
static const char *header(const char *head, const char *end, const char *name, size_t *vlen)
{
    const char *found = NULL;
    size_t nlen = strlen(name);
    for (const char *line = head; line < end;) {
        const char *eol = memchr(line, '\r', (size_t)(end - line));
        if (!eol) eol = end;
        if ((size_t)(eol - line) > nlen && line[nlen] == ':' && strncasecmp(line, name, nlen) == 0) {
            if (found) return NULL;
            const char *v = line + nlen + 1, *ve = eol;
            while (v < ve && *v == ' ') v++;
            while (ve > v && ve[-1] == ' ') ve--;
            found = v;
            *vlen = (size_t)(ve - v);
        }
        line = eol + 2;
    }
    return found;
}

/* The end of the head (its blank line's first byte) in raw, or NULL when it has not all arrived. */
static const char *end_of_head(const char *raw, size_t len)
{
    for (size_t i = 0; i + 3 < len; i++) {
        if (memcmp(raw + i, "\r\n\r\n", 4) == 0) return raw + i;
    }
    return NULL;
}

/* The Content-Length of the head ending at eoh (exactly one, all digits, no Transfer-Encoding); -1 otherwise. */
static long content_length(const char *raw, const char *eoh)
{
    const char *head = memchr(raw, '\n', (size_t)(eoh - raw));
    if (!head) return -1;
    head++;
    size_t vlen = 0;
    if (header(head, eoh + 2, "transfer-encoding", &vlen)) return -1;
    const char *cl = header(head, eoh + 2, "content-length", &vlen);
    if (!cl) return -1;
    const char *c = cl;
    long length = number_until(&c, cl + vlen + 1, cl[vlen]);
    return length >= 0 && c == cl + vlen + 1 ? length : -1;
}

long answer_size(const char *raw, size_t len)
{
    const char *eoh = end_of_head(raw, len);
    if (!eoh) return -1;
    long length = content_length(raw, eoh);
    return length < 0 ? 0 : (long)(eoh + 4 - raw) + length;
}

int parse_answer(const char *raw, size_t len, struct bytes *out, struct bytes *err, int *exit_code)
{
    static const char status[] = "HTTP/1.1 200 ";
    if (len < sizeof status - 1 || memcmp(raw, status, sizeof status - 1) != 0) return -1;
    const char *eoh = end_of_head(raw, len);
    if (!eoh) return -1;
    const char *head = memchr(raw, '\n', (size_t)(eoh - raw));
    if (!head) return -1;
    head++;
    size_t vlen = 0;
    const char *type = header(head, eoh + 2, "content-type", &vlen);
    if (!type || vlen != sizeof ANSWER_TYPE - 1 || memcmp(type, ANSWER_TYPE, vlen) != 0) return -1;
    long length = content_length(raw, eoh);
    if (length < 0) return -1;

    const char *body = eoh + 4, *end = raw + len;
    if ((size_t)(end - body) != (size_t)length) return -1;
    if ((size_t)length < sizeof MAGIC - 1 || memcmp(body, MAGIC, sizeof MAGIC - 1) != 0) return -1;
    const char *p = body + sizeof MAGIC - 1;
    long code = number_until(&p, end, ' ');
    long olen = number_until(&p, end, ' ');
    long elen = number_until(&p, end, '\n');
    if (code < 0 || code > 2 || olen < 0 || elen < 0) return -1;
    if ((size_t)(end - p) != (size_t)olen + (size_t)elen) return -1;
    out->data = (char *)p;
    out->len = (size_t)olen;
    err->data = (char *)p + olen;
    err->len = (size_t)elen;
    *exit_code = (int)code;
    return 0;
}
