// The request-head scanner (`cmhd_request_head`, declared in cmhd.h): how a request frames its body, from its
// headers (RFC 9112 §6), and whether its head can be trusted field by field. MHD 0.9.75 quietly uses the first
// of Content-Length values that disagree, keeps a connection alive after a request with both Content-Length and
// Transfer-Encoding (a request-smuggling vector either way), and waits for the body of a transfer coding it
// cannot read ("gzip" alone) until the connection times out. MHD exposes all headers only through an iterator
// callback, written here in C. The same pass notes `Expect: 100-continue`, which would otherwise cost a second
// walk over the headers on every request.
//
// The flags, in detail:
// - CMHD_EXPECTS_CONTINUE: the client waits for 100 Continue before the body it announced: a request past
//   HTTP/1.0 (RFC 9110 §10.1.1 has a server ignore the expectation from HTTP/1.0, as MHD does) whose first
//   Expect header is 100-continue, with a Content-Length above zero or a chunked body.
// - CMHD_REPEATED_CONTENT_TYPE: Content-Type is a single value (RFC 9110 §8.3); MHD hands on the first, where
//   something in front of the server may have read another.
// - CMHD_MALFORMED_FIELD: MHD 0.9.75 stores each field as pointers into its read buffer, and the fields it
//   reports must tile the head exactly (`head_walk` below); where they do not, MHD read the lines otherwise than
//   they were sent:
//   - a folded line (obs-fold: one that starts with a space or a tab) is appended to the name before it, so
//     `Content-Lengt: 15` then ` h` reaches the server as a `Content-Length` of 15 (RFC 9112 §5.2 has such a
//     line rejected or unfolded), and a folded If-Match is no If-Match at all;
//   - a line that starts with `:` or a NUL ends the head, so the lines after it are read as the body;
//   - a NUL in a value ends it there, and what follows is lost.
//   Also a name that is not a token (RFC 9110 §5.1), and a control character in a value (a bare CR, which
//   RFC 9112 §2.2 has rejected). Refused with 400, and the connection closed (the framing is in doubt).
// - CMHD_MISSING_HOST: MHD's strict mode checks this itself, but answers with its status line and headers sent
//   twice (0.9.75), so the server runs MHD lenient and refuses it with a problem of its own.
// - CMHD_REPEATED_HOST: which host is meant is anybody's guess.
// - CMHD_EXPECTS_CONTINUE_WITHOUT_BODY: MHD 0.9.75 still sends 100 Continue after the first handler call, then
//   takes whatever follows on the connection (a pipelined request) for the body, and closes the connection
//   without the answer. The server answers such a request at the first call: with an answer queued, MHD sends
//   no 100 Continue (and there is no body to read).

#include <limits.h>
#include <string.h>
#include <strings.h>
#include "cmhd.h"

// `head_walk` reads the request head where libmicrohttpd 0.9.75 leaves it in its read buffer (each line's CRLF
// and each field's colon overwritten with NULs). Another version may lay the buffer out otherwise, and then
// every request would be refused as malformed: the build stops here until the walk is checked against that
// version's `connection.c`.
#if MHD_VERSION != 0x00097500
#error "head.c's head_walk is written against libmicrohttpd 0.9.75's read buffer; check it against this version first"
#endif

struct head_scan {
    const char *first_length;
    int conflicting_lengths;
    int has_length;
    int has_coding;
    int other_coding;
    int seen_expect;
    int expects_continue;
    int content_types;
    int malformed_field;
    /// Where the next field's name must start in MHD's read buffer (`head_walk`).
    const char *cursor;
    /// Fields in the head.
    size_t fields;
    int hosts;
    const char *host;
    size_t host_size;
};

// Whether `c` may be in a token (RFC 9110 §5.6.2 tchar). Every header of every request passes here.
static inline int is_tchar(unsigned char c) {
    if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) return 1;
    switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
    case '-': case '.': case '^': case '_': case '`': case '|': case '~':
        return 1;
    default:
        return 0;
    }
}

// Whether `name` is a token, as a field name must be.
static int is_token(const char *name, size_t size) {
    if (size == 0) return 0;
    for (size_t i = 0; i < size; i++) {
        if (!is_tchar((unsigned char)name[i])) return 0;
    }
    return 1;
}

// Exactly the test MHD makes on the value it stored: a caseless compare over the value's recorded size. (The
// NUL-terminated string can be shorter than that size: with trailing whitespace the string reads "chunked"
// while MHD compares 8 bytes and decides it is not.) A value MHD would not read as chunked must not pass here,
// or MHD would wait for the end of a body it cannot find.
static int is_chunked(const char *value, size_t value_size) {
    return value != NULL && value_size == 7 && strncasecmp(value, "chunked", 7) == 0;
}

// The head as MHD 0.9.75 leaves it in its read buffer, from the request line's first byte on: each line's CRLF
// replaced with two NULs (a bare LF with one), and each field line `name:` OWS `value` with a NUL over the colon.
// The fields it reports point into those lines, in order, so each must start where the line before it ended and
// the blank line must end the head; `cursor` walks along. Every line must end with CRLF, two NULs: a bare LF,
// which RFC 9112 §2.2 lets a server refuse, would leave one NUL, and a NUL the client sent at a line's start
// (which MHD takes for the blank line) could then pass for the second.
static const char *after_line_end(const char *end) {
    return end[0] == '\0' && end[1] == '\0' ? end + 2 : NULL;
}

// Whether the field `key: value` is the next line of the head at `*cursor`, whole; moves `*cursor` past it.
static int head_walk(const char **cursor, const char *key, size_t key_size, const char *value, size_t value_size) {
    if (*cursor == NULL || key != *cursor || value == NULL || key[key_size] != '\0') return 0;
    const char *at = key + key_size + 1;
    // Only whitespace between the colon and the value (so the value is this line's, not one moved elsewhere).
    if (value < at || value - at > 65536) return 0;
    for (; at < value; at++) {
        if (*at != ' ' && *at != '\t') return 0;
    }
    // No control character but a tab in the value (a NUL would have ended it short of its line).
    for (size_t i = 0; i < value_size; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F) return 0;
    }
    *cursor = after_line_end(value + value_size);
    return *cursor != NULL;
}

// Called by MHD for every header of every request; its name is in scripts/symbol-order.txt.
static enum MHD_Result cmhd_head_iterator(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                          const char *value, size_t value_size) {
    (void)kind;
    struct head_scan *scan = (struct head_scan *)cls;
    if (key == NULL) return MHD_YES;
    scan->fields++;
    if (!scan->malformed_field
        && (!is_token(key, key_size) || !head_walk(&scan->cursor, key, key_size, value, value_size))) {
        scan->malformed_field = 1;
    }
    if (strcasecmp(key, "Content-Length") == 0) {
        scan->has_length = 1;
        if (scan->first_length == NULL) {
            scan->first_length = value != NULL ? value : "";
        } else if (value == NULL || strcmp(scan->first_length, value) != 0) {
            scan->conflicting_lengths = 1;
        }
    } else if (strcasecmp(key, "Transfer-Encoding") == 0) {
        // A second line is a second coding (chunked twice is no framing MHD reads, and it uses the first line).
        if (scan->has_coding || !is_chunked(value, value_size)) scan->other_coding = 1;
        scan->has_coding = 1;
    } else if (strcasecmp(key, "Host") == 0) {
        if (scan->hosts++ == 0) {
            scan->host = value != NULL ? value : "";
            scan->host_size = value != NULL ? value_size : 0;
        }
    } else if (strcasecmp(key, "Content-Type") == 0) {
        scan->content_types++;
    } else if (!scan->seen_expect && strcasecmp(key, "Expect") == 0) {
        scan->seen_expect = 1;
        scan->expects_continue = value != NULL && strcasecmp(value, "100-continue") == 0;
    }
    return MHD_YES;
}

// A Content-Length value as a number, saturating at the largest one; 0 when there is none or it is no number
// (MHD refuses those before any handler runs).
static unsigned long long parse_length(const char *value) {
    if (value == NULL) return 0;
    unsigned long long length = 0;
    for (; *value != '\0'; value++) {
        if (*value < '0' || *value > '9') return 0;
        unsigned long long digit = (unsigned long long)(*value - '0');
        length = length > (ULLONG_MAX - digit) / 10 ? ULLONG_MAX : length * 10 + digit;
    }
    return length;
}

// Whether a Content-Length value announces a body: any digit but zero in it.
static int is_nonzero_length(const char *value) {
    for (; value != NULL && *value != '\0'; value++) {
        if (*value >= '1' && *value <= '9') return 1;
    }
    return 0;
}

// `head_cost`: the head's bytes, and a record of a few dozen bytes per field.
int cmhd_request_head(struct MHD_Connection *connection, const char *method, const char *version,
                      unsigned long long *declared_length, const char **host, size_t *host_size, size_t *head_cost) {
    struct head_scan scan = { NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0, NULL, 0 };
    // The request line ends after its version; the head, `header_size` bytes from the method's first byte on.
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    scan.cursor = version != NULL ? after_line_end(version + strlen(version)) : NULL;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_head_iterator, &scan);
    if (!scan.malformed_field) {
        const char *end = method != NULL && info != NULL ? method + info->header_size : NULL;
        // Then the blank line, and nothing after it in the head.
        if (scan.cursor == NULL || end == NULL || scan.cursor + 2 != end || scan.cursor[0] != '\0' || scan.cursor[1] != '\0') {
            scan.malformed_field = 1;
        }
    }
    int announces_body = scan.has_coding || is_nonzero_length(scan.first_length);
    // MHD takes HTTP/1.0 and any later HTTP/1.x, the latter as 1.1.
    int http10 = version != NULL && strcasecmp(version, "HTTP/1.0") == 0;
    *declared_length = parse_length(scan.first_length);
    *host = scan.host;
    *host_size = scan.host_size;
    *head_cost = (info != NULL ? info->header_size : 0) + scan.fields * 64;
    int flags = (scan.expects_continue && !http10 && announces_body ? CMHD_EXPECTS_CONTINUE : 0)
        | (scan.expects_continue && !http10 && !announces_body ? CMHD_EXPECTS_CONTINUE_WITHOUT_BODY : 0)
        | (scan.content_types > 1 ? CMHD_REPEATED_CONTENT_TYPE : 0)
        | (scan.malformed_field ? CMHD_MALFORMED_FIELD : 0)
        | (scan.hosts == 0 && !http10 ? CMHD_MISSING_HOST : 0)
        | (scan.hosts > 1 ? CMHD_REPEATED_HOST : 0);
    if (scan.has_coding && http10) return CMHD_FRAMING_CODING_IN_HTTP10 | flags;
    if (scan.other_coding) return CMHD_FRAMING_UNREADABLE | flags;
    if (scan.conflicting_lengths || (scan.has_coding && scan.has_length)) return CMHD_FRAMING_AMBIGUOUS | flags;
    return CMHD_FRAMING_OK | flags;
}
