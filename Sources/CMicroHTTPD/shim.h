#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

// microhttpd.h expects these types to be declared before it is included.
#include <poll.h>
// Linux's "peer closed its end" poll flag, declared by <poll.h> only under _GNU_SOURCE.
#ifndef POLLRDHUP
#define POLLRDHUP 0x2000
#endif
#include <limits.h>
// malloc_trim: the server hands freed heap pages back after many sessions go (glibc keeps them otherwise).
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <microhttpd.h>

// `cmhd_head_walk` reads the request head where libmicrohttpd 0.9.75 leaves it in its read buffer (each line's
// CRLF and each field's colon overwritten with NULs). Another version may lay the buffer out otherwise, and
// then every request would be refused as malformed: the build stops here until the walk is checked against
// that version's `connection.c`.
#if MHD_VERSION != 0x00097500
#error "cmhd_head_walk is written against libmicrohttpd 0.9.75's read buffer; check it against this version first"
#endif

// Swift does not import C-variadic functions (MHD_start_daemon, MHD_get_daemon_info, ...).
// The `cmhd_` wrappers below are small non-variadic entry points for the calls HTTPServer needs.
// A system-library target compiles no .c files, so they are `static inline` in this header.

/// The callback type of MHD_OPTION_URI_LOG_CALLBACK (microhttpd.h declares no typedef for it).
/// Its return value becomes the request's initial `*con_cls`.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Builds an MHD_OPTION_ARRAY entry carrying one integer argument (MHD reads it from `value`).
/// Exists so Swift does not need to know the field conventions of MHD_OptionItem.
static inline struct MHD_OptionItem cmhd_option_int(enum MHD_OPTION option, intptr_t value) {
    struct MHD_OptionItem item = { option, value, NULL };
    return item;
}

/// The terminating MHD_OPTION_END entry of an option array.
static inline struct MHD_OptionItem cmhd_option_end(void) {
    struct MHD_OptionItem item = { MHD_OPTION_END, 0, NULL };
    return item;
}

/// Non-variadic MHD_start_daemon. The callbacks are passed as typed parameters (so no function
/// pointer is ever cast to an integer on the Swift side); integer options come in `options`, an
/// array terminated by MHD_OPTION_END and forwarded through MHD_OPTION_ARRAY.
/// The logger goes first so that errors while parsing later options already reach it.
/// No address or port: HTTPServer starts MHD with MHD_USE_NO_LISTEN_SOCKET and accepts itself.
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags,
                                                   MHD_AccessHandlerCallback handler, void *handler_cls,
                                                   cmhd_uri_log_callback uri_log, void *uri_log_cls,
                                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                                   MHD_NotifyConnectionCallback connection, void *connection_cls,
                                                   MHD_LogCallback logger, void *logger_cls,
                                                   struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_EXTERNAL_LOGGER, logger, logger_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection, connection_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// accept4(listener, address, length, SOCK_CLOEXEC | SOCK_NONBLOCK), for HTTPServer's accept thread:
/// close-on-exec in the same call, and non-blocking as MHD needs (TURBO reads before it polls).
/// glibc declares accept4 only under _GNU_SOURCE, which Swift's Glibc module is not built with.
static inline int cmhd_accept(int listener, struct sockaddr *address, socklen_t *length) {
    extern int accept4(int, struct sockaddr *, socklen_t *, int);
    return accept4(listener, address, length, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

/// Names the calling thread (shown by top -H, gdb and /proc/<pid>/task/<tid>/comm; at most 15 bytes).
/// prctl is variadic, so Swift cannot call it.
static inline void cmhd_name_current_thread(const char *name) {
    (void)prctl(PR_SET_NAME, name, 0, 0, 0);
}

/// A chunked response of unknown length whose bytes come from `reader` (MHD_SIZE_UNKNOWN, so HTTP/1.1
/// clients get `Transfer-Encoding: chunked`). `free_cb` runs once when MHD drops the response.
static inline struct MHD_Response *cmhd_create_stream_response(size_t block_size,
                                                               MHD_ContentReaderCallback reader, void *cls,
                                                               MHD_ContentReaderFreeCallback free_cb) {
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, block_size, reader, cls, free_cb);
}

/// A response whose body is `buffer` itself, which MHD frees (with `free`) when the response goes: made from
/// `malloc`ed bytes, it is the only copy of the body, and the response's owner may read it while it holds the
/// response.
static inline struct MHD_Response *cmhd_create_owned_response(size_t size, void *buffer) {
    return MHD_create_response_from_buffer_with_free_callback(size, buffer, &free);
}

/// Answers with `response` as HTTP/1.0 would: no chunked coding, the connection closed after it (variadic
/// MHD_set_response_options). A HEAD of a stream needs it: MHD ends a chunked answer with its last chunk even
/// when it sends no body, bytes a HEAD answer must not have.
static inline enum MHD_Result cmhd_response_without_chunks(struct MHD_Response *response) {
    return MHD_set_response_options(response, MHD_RF_HTTP_VERSION_1_0_ONLY, MHD_RO_END);
}

/// MHD_CONTENT_READER_END_OF_STREAM: a cast macro Swift cannot import.
static inline ssize_t cmhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

/// MHD_CONTENT_READER_END_WITH_ERROR: a cast macro Swift cannot import.
static inline ssize_t cmhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// Sets one connection's idle timeout in seconds, 0 for none (variadic MHD_set_connection_option).
/// Streams lengthen it to a few heartbeats (a long-lived response would otherwise be cut at the daemon's
/// CONNECTION_TIMEOUT) and restore it when they end, for the kept-alive connection's next request.
static inline enum MHD_Result cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// The connection's socket, or -1 (MHD_get_connection_info, a union MHD hands back).
static inline int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? info->connect_fd : -1;
}

/// Whether the peer of `socket` has closed its end (or only its sending side), or the socket has failed:
/// poll with no wait, which also sees the close behind bytes the peer sent before it (a peek would read those
/// bytes instead). A suspended MHD connection is not polled, so this is how the server learns that the client
/// of an idle stream went away without writing to it (which takes two writes: the first one after the
/// client's close still succeeds).
static inline int cmhd_socket_peer_closed(int socket) {
    if (socket < 0) return 0;
    struct pollfd entry = { socket, POLLRDHUP, 0 };
    if (poll(&entry, 1, 0) <= 0) return 0;
    return (entry.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/// Whether nothing waits in `socket`'s queues: no bytes from its peer that the server has not read, none from
/// the server that its peer has not acknowledged.
static inline int cmhd_socket_idle(int socket) {
    int unread = 0, unacknowledged = 0;
    if (ioctl(socket, FIONREAD, &unread) != 0 || ioctl(socket, TIOCOUTQ, &unacknowledged) != 0) return 0;
    return unread == 0 && unacknowledged == 0;
}

/// Sockets whose request is being read or handled: one flag byte per descriptor number, `CMHD_BUSY_SOCKETS`
/// of them (sockets numbered past that are not tracked). A client that shut its sending side after its
/// request still waits for the answer, and its socket, read empty and with nothing sent yet, would otherwise
/// look departed. A plain byte array to Swift (a C array member would import as a tuple of 65,536 elements).
#define CMHD_BUSY_SOCKETS 65536

/// A table with no socket busy; NULL when out of memory. Free it with `free`.
static inline unsigned char *cmhd_busy_sockets_create(void) {
    return (unsigned char *)calloc(CMHD_BUSY_SOCKETS, 1);
}

/// Marks `socket` busy or not (relaxed: the accept thread's poll reads it after a request's start, which
/// comes long after the socket was accepted, and a stale flag at worst keeps one connection counted).
static inline void cmhd_busy_sockets_set(unsigned char *table, int socket, int busy) {
    if (table == NULL || socket < 0 || socket >= CMHD_BUSY_SOCKETS) return;
    __atomic_store_n(&table[socket], (unsigned char)(busy != 0), __ATOMIC_RELAXED);
}

static inline int cmhd_busy_sockets_get(const unsigned char *table, int socket) {
    if (table == NULL || socket < 0 || socket >= CMHD_BUSY_SOCKETS) return 0;
    return __atomic_load_n(&table[socket], __ATOMIC_RELAXED);
}

/// How many of `count` sockets their peers still hold; `reclaimed` gets how many they do not. A poll with no
/// wait: a socket that failed, or whose peer closed, or shut its sending side with nothing left in either
/// queue, does not count. A failed one is also shut down both ways, so that MHD's next look at it ends its
/// connection. One whose peer only stopped sending has its receiving side shut: a poll sees no difference,
/// but MHD then ends the connection at once, where without it such connections waited for the idle timeout
/// (a test with clients that connect and close at a limit took minutes instead of a second; MHD's epoll is
/// edge-triggered, and the shutdown is a new event on the socket). Its sending side stays open, so MHD still
/// answers whatever it has read already (pipelined requests).
/// One whose peer shut its sending side while answers are still on their way counts: a client may do that
/// after its last request and read on, and one that reads nothing holds its connection all the same. So does
/// one whose request `busy` marks as being read or handled: its answer is still to come.
/// The sockets a failed poll was to look at all count; those shut down before it stay reclaimed.
static inline int cmhd_reclaim_departed(const unsigned char *busy, const int *sockets, int count, int *reclaimed) {
    struct pollfd entries[64];
    int held = 0;
    *reclaimed = 0;
    for (int start = 0; start < count; start += 64) {
        int batch = count - start < 64 ? count - start : 64;
        for (int i = 0; i < batch; i++) {
            entries[i].fd = sockets[start + i];
            entries[i].events = POLLRDHUP;
            entries[i].revents = 0;
        }
        if (poll(entries, (nfds_t)batch, 0) < 0) return held + (count - start);
        for (int i = 0; i < batch; i++) {
            short revents = entries[i].revents;
            int failed = (revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
            int departed = failed
                || ((revents & POLLRDHUP) != 0 && cmhd_socket_idle(entries[i].fd)
                    && !cmhd_busy_sockets_get(busy, entries[i].fd));
            if (!departed) {
                held++;
                continue;
            }
            if ((revents & POLLNVAL) == 0) shutdown(entries[i].fd, failed ? SHUT_RDWR : SHUT_RD);
            *reclaimed += 1;
        }
    }
    return held;
}

/// Has the kernel fail `socket` once bytes sent on it stay unacknowledged for `milliseconds` (0: the system's
/// own retransmissions, about 15 minutes on Linux). A peer that vanished without closing (a dropped network,
/// a sleeping laptop) acknowledges nothing, while the writes to it keep succeeding into the send buffer; with
/// this its socket fails, which the poll above then sees. 0 on success, -1 with errno set (and where the
/// option does not exist).
static inline int cmhd_socket_set_user_timeout(int socket, unsigned int milliseconds) {
#ifdef TCP_USER_TIMEOUT
    return setsockopt(socket, IPPROTO_TCP, TCP_USER_TIMEOUT, &milliseconds, sizeof milliseconds);
#else
    (void)socket;
    (void)milliseconds;
    return -1;
#endif
}

// How a request frames its body, from its headers (RFC 9112 §6): MHD 0.9.75 quietly uses the first of
// Content-Length values that disagree, keeps a connection alive after a request with both Content-Length and
// Transfer-Encoding (a request-smuggling vector either way), and waits for the body of a transfer coding it
// cannot read ("gzip" alone) until the connection times out. MHD exposes all headers only through an
// iterator callback, written here in C. The same pass notes `Expect: 100-continue`, which would otherwise
// cost a second walk over the headers on every request.
enum cmhd_request_head {
    CMHD_FRAMING_OK = 0,
    /// Content-Length values that disagree, or Content-Length beside Transfer-Encoding: answer 400, then close.
    CMHD_FRAMING_AMBIGUOUS = 1,
    /// A Transfer-Encoding other than exactly "chunked": the body's length cannot be known; 400 at once, close.
    CMHD_FRAMING_UNREADABLE = 2,
    /// Transfer-Encoding in an HTTP/1.0 request, which has none: faulty framing (RFC 9112 §6.1), which MHD
    /// would read as chunked and keep the connection after; 400 at once, close.
    CMHD_FRAMING_CODING_IN_HTTP10 = 3,
    /// The framing bits above, to mask the result with.
    CMHD_FRAMING_MASK = 3,
    /// Flag: the client waits for 100 Continue before the body it announced: a request past HTTP/1.0 (RFC 9110
    /// §10.1.1 has a server ignore the expectation from HTTP/1.0, as MHD does) whose first Expect header is
    /// 100-continue, with a Content-Length above zero or a chunked body.
    CMHD_EXPECTS_CONTINUE = 4,
    /// Flag: more than one Content-Type line. It is a single value (RFC 9110 §8.3); MHD hands on the first,
    /// where something in front of the server may have read another.
    CMHD_REPEATED_CONTENT_TYPE = 8,
    /// Flag: a header block the server cannot trust field by field. MHD 0.9.75 stores each field as pointers into
    /// its read buffer, and the fields it reports must tile the head exactly (`cmhd_head_walk`); where they do
    /// not, MHD read the lines otherwise than they were sent:
    /// - a folded line (obs-fold: one that starts with a space or a tab) is appended to the name before it, so
    ///   `Content-Lengt: 15` then ` h` reaches the server as a `Content-Length` of 15 (RFC 9112 §5.2 has such a
    ///   line rejected or unfolded), and a folded If-Match is no If-Match at all;
    /// - a line that starts with `:` or a NUL ends the head, so the lines after it are read as the body;
    /// - a NUL in a value ends it there, and what follows is lost.
    /// Also a name that is not a token (RFC 9110 §5.1), and a control character in a value (a bare CR, which
    /// RFC 9112 §2.2 has rejected). Refused with 400, and the connection closed (the framing is in doubt).
    CMHD_MALFORMED_FIELD = 16,
    /// Flag: a request past HTTP/1.0 without a Host header (RFC 9112 §3.2: answered 400). MHD's strict mode
    /// checks this itself, but answers with its status line and headers sent twice (0.9.75), so the server
    /// runs MHD lenient and refuses it with a problem of its own.
    CMHD_MISSING_HOST = 32,
    /// Flag: more than one Host header (RFC 9112 §3.2: answered 400): which host is meant is anybody's guess.
    CMHD_REPEATED_HOST = 64,
    /// Flag: `Expect: 100-continue` on a request past HTTP/1.0 that announces no body. MHD 0.9.75 still sends
    /// 100 Continue after the first handler call, then takes whatever follows on the connection (a pipelined
    /// request) for the body, and closes the connection without the answer. The server answers such a request
    /// at the first call: with an answer queued, MHD sends no 100 Continue (and there is no body to read).
    CMHD_EXPECTS_CONTINUE_WITHOUT_BODY = 128,
};

struct cmhd_head_scan {
    const char *first_length;
    int conflicting_lengths;
    int has_length;
    int has_coding;
    int other_coding;
    int seen_expect;
    int expects_continue;
    int content_types;
    int malformed_field;
    /// Where the next field's name must start in MHD's read buffer (`cmhd_head_walk`).
    const char *cursor;
    /// Fields in the head.
    size_t fields;
    int hosts;
    const char *host;
    size_t host_size;
};

// Whether `c` may be in a token (RFC 9110 §5.6.2 tchar). Every header of every request passes here.
static inline int cmhd_is_tchar(unsigned char c) {
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
static inline int cmhd_is_token(const char *name, size_t size) {
    if (size == 0) return 0;
    for (size_t i = 0; i < size; i++) {
        if (!cmhd_is_tchar((unsigned char)name[i])) return 0;
    }
    return 1;
}

// Exactly the test MHD makes on the value it stored: a caseless compare over the value's recorded size. (The
// NUL-terminated string can be shorter than that size: with trailing whitespace the string reads "chunked"
// while MHD compares 8 bytes and decides it is not.) A value MHD would not read as chunked must not pass here,
// or MHD would wait for the end of a body it cannot find.
static inline int cmhd_is_chunked(const char *value, size_t value_size) {
    return value != NULL && value_size == 7 && strncasecmp(value, "chunked", 7) == 0;
}

// The head as MHD 0.9.75 leaves it in its read buffer, from the request line's first byte on: each line's CRLF
// replaced with two NULs (a bare LF with one), and each field line `name:` OWS `value` with a NUL over the colon.
// The fields it reports point into those lines, in order, so each must start where the line before it ended and
// the blank line must end the head; `cursor` walks along. Every line must end with CRLF, two NULs: a bare LF,
// which RFC 9112 §2.2 lets a server refuse, would leave one NUL, and a NUL the client sent at a line's start
// (which MHD takes for the blank line) could then pass for the second.
static inline const char *cmhd_after_line_end(const char *end) {
    return end[0] == '\0' && end[1] == '\0' ? end + 2 : NULL;
}

// Whether the field `key: value` is the next line of the head at `*cursor`, whole; moves `*cursor` past it.
static inline int cmhd_head_walk(const char **cursor, const char *key, size_t key_size, const char *value,
                                 size_t value_size) {
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
    *cursor = cmhd_after_line_end(value + value_size);
    return *cursor != NULL;
}

static inline enum MHD_Result cmhd_head_iterator(void *cls, enum MHD_ValueKind kind, const char *key,
                                                 size_t key_size, const char *value, size_t value_size) {
    (void)kind;
    struct cmhd_head_scan *scan = (struct cmhd_head_scan *)cls;
    if (key == NULL) return MHD_YES;
    scan->fields++;
    if (!scan->malformed_field
        && (!cmhd_is_token(key, key_size) || !cmhd_head_walk(&scan->cursor, key, key_size, value, value_size))) {
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
        if (scan->has_coding || !cmhd_is_chunked(value, value_size)) scan->other_coding = 1;
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
static inline unsigned long long cmhd_parse_length(const char *value) {
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
static inline int cmhd_is_nonzero_length(const char *value) {
    for (; value != NULL && *value != '\0'; value++) {
        if (*value >= '1' && *value <= '9') return 1;
    }
    return 0;
}

/// The request's body framing (`CMHD_FRAMING_*`, under `CMHD_FRAMING_MASK`), plus the flags above;
/// `declared_length` gets the first Content-Length (`cmhd_parse_length`: 0 without one), `host` and `host_size`
/// the first Host value (NULL without one), `head_cost` about what the head takes of the connection's memory pool
/// (its bytes, and a record of a few dozen bytes per field). `version` is the request line's, as MHD hands it to the
/// access handler.
static inline int cmhd_request_head(struct MHD_Connection *connection, const char *method, const char *version,
                                    unsigned long long *declared_length, const char **host, size_t *host_size,
                                    size_t *head_cost) {
    struct cmhd_head_scan scan = { NULL, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0, NULL, 0 };
    // The request line ends after its version; the head, `header_size` bytes from the method's first byte on.
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    scan.cursor = version != NULL ? cmhd_after_line_end(version + strlen(version)) : NULL;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_head_iterator, &scan);
    if (!scan.malformed_field) {
        const char *end = method != NULL && info != NULL ? method + info->header_size : NULL;
        // Then the blank line, and nothing after it in the head.
        if (scan.cursor == NULL || end == NULL || scan.cursor + 2 != end || scan.cursor[0] != '\0' || scan.cursor[1] != '\0') {
            scan.malformed_field = 1;
        }
    }
    int announces_body = scan.has_coding || cmhd_is_nonzero_length(scan.first_length);
    // MHD takes HTTP/1.0 and any later HTTP/1.x, the latter as 1.1.
    int http10 = version != NULL && strcasecmp(version, "HTTP/1.0") == 0;
    *declared_length = cmhd_parse_length(scan.first_length);
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

#endif
