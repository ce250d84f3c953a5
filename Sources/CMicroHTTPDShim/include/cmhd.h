#ifndef CMHD_H
#define CMHD_H

// What HTTPServer calls in C: non-variadic wrappers around libmicrohttpd's variadic functions and cast macros
// (Swift imports neither), a few socket calls Glibc's module does not offer (shim.c), and the request-head
// scanner (head.c). Only HTTPServer imports this module.

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The callback type of MHD_OPTION_URI_LOG_CALLBACK (microhttpd.h declares no typedef for it).
/// Its return value becomes the request's initial `*con_cls`.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// An MHD_OPTION_ARRAY entry carrying one integer argument.
struct MHD_OptionItem cmhd_option_int(enum MHD_OPTION option, intptr_t value);
/// The terminating MHD_OPTION_END entry of an option array.
struct MHD_OptionItem cmhd_option_end(void);
/// Non-variadic MHD_start_daemon: typed callbacks, integer options in `options` (ended by MHD_OPTION_END).
/// No address or port: HTTPServer starts MHD with MHD_USE_NO_LISTEN_SOCKET and accepts itself.
struct MHD_Daemon *cmhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
                                     cmhd_uri_log_callback uri_log, void *uri_log_cls,
                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                     MHD_NotifyConnectionCallback connection, void *connection_cls,
                                     MHD_LogCallback logger, void *logger_cls, struct MHD_OptionItem *options);

/// accept4 with SOCK_CLOEXEC | SOCK_NONBLOCK.
int cmhd_accept(int listener, struct sockaddr *address, socklen_t *length);
/// Names the calling thread (at most 15 bytes).
void cmhd_name_current_thread(const char *name);

/// A chunked response of unknown length whose bytes come from `reader`; `free_cb` runs once when MHD drops it.
struct MHD_Response *cmhd_create_stream_response(size_t block_size, MHD_ContentReaderCallback reader, void *cls,
                                                 MHD_ContentReaderFreeCallback free_cb);
/// A response whose body is the `malloc`ed `buffer` itself, which MHD frees when the response goes.
struct MHD_Response *cmhd_create_owned_response(size_t size, void *buffer);
/// Answers with `response` as HTTP/1.0 would: no chunked coding, the connection closed after it.
enum MHD_Result cmhd_response_without_chunks(struct MHD_Response *response);
/// MHD_CONTENT_READER_END_OF_STREAM.
ssize_t cmhd_reader_end_of_stream(void);
/// MHD_CONTENT_READER_END_WITH_ERROR.
ssize_t cmhd_reader_end_with_error(void);
/// Sets one connection's idle timeout in seconds, 0 for none.
enum MHD_Result cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds);
/// The connection's socket, or -1.
int cmhd_connection_socket(struct MHD_Connection *connection);

/// Whether the peer of `socket` has closed its end (or only its sending side), or the socket has failed.
int cmhd_socket_peer_closed(int socket);
/// Has the kernel fail `socket` once bytes sent on it stay unacknowledged for `milliseconds` (0: the system's
/// own retransmissions). 0 on success, -1 with errno set.
int cmhd_socket_set_user_timeout(int socket, unsigned int milliseconds);

/// A table of the sockets whose request is being read or handled (a flag byte per descriptor number below
/// 65,536); NULL when out of memory. Free it with `free`.
unsigned char *cmhd_busy_sockets_create(void);
/// Marks `socket` busy or not.
void cmhd_busy_sockets_set(unsigned char *table, int socket, int busy);
/// How many of `count` sockets their peers still hold; `reclaimed` gets how many they do not (those are shut
/// down, so that MHD ends their connections). `busy` is the table above.
int cmhd_reclaim_departed(const unsigned char *busy, const int *sockets, int count, int *reclaimed);

// How a request frames its body, from its headers (RFC 9112 §6), and what else its head gets wrong; head.c
// says why each is checked.
enum cmhd_request_head {
    CMHD_FRAMING_OK = 0,
    /// Content-Length values that disagree, or Content-Length beside Transfer-Encoding: answer 400, then close.
    CMHD_FRAMING_AMBIGUOUS = 1,
    /// A Transfer-Encoding other than exactly "chunked": the body's length cannot be known; 400 at once, close.
    CMHD_FRAMING_UNREADABLE = 2,
    /// Transfer-Encoding in an HTTP/1.0 request, which has none (RFC 9112 §6.1); 400 at once, close.
    CMHD_FRAMING_CODING_IN_HTTP10 = 3,
    /// The framing bits above, to mask the result with.
    CMHD_FRAMING_MASK = 3,
    /// Flag: a request past HTTP/1.0 whose first Expect header is 100-continue, announcing a body.
    CMHD_EXPECTS_CONTINUE = 4,
    /// Flag: more than one Content-Type line.
    CMHD_REPEATED_CONTENT_TYPE = 8,
    /// Flag: a header block the server cannot trust field by field (folded lines, a line MHD took for the end of
    /// the head, a NUL or control character in a value, a name that is not a token): 400, and close.
    CMHD_MALFORMED_FIELD = 16,
    /// Flag: a request past HTTP/1.0 without a Host header (RFC 9112 §3.2: answered 400).
    CMHD_MISSING_HOST = 32,
    /// Flag: more than one Host header (RFC 9112 §3.2: answered 400).
    CMHD_REPEATED_HOST = 64,
    /// Flag: `Expect: 100-continue` on a request past HTTP/1.0 that announces no body: answered at the first call.
    CMHD_EXPECTS_CONTINUE_WITHOUT_BODY = 128,
};

/// The request's body framing (`CMHD_FRAMING_*`, under `CMHD_FRAMING_MASK`), plus the flags above;
/// `declared_length` gets the first Content-Length (0 without one, saturating), `host` and `host_size` the first
/// Host value (NULL without one), `head_cost` about what the head takes of the connection's memory pool.
/// `method` and `version` are the request line's, as MHD hands them to the access handler.
int cmhd_request_head(struct MHD_Connection *connection, const char *method, const char *version,
                      unsigned long long *declared_length, const char **host, size_t *host_size, size_t *head_cost);

#endif
