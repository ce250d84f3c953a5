// The wrappers declared in cmhd.h: Swift imports no C-variadic function (MHD_start_daemon, prctl, ...) and no
// cast macro, so HTTPServer calls these small entry points instead. The request-head scanner is in head.c.

// accept4 and POLLRDHUP are declared only under _GNU_SOURCE.
#define _GNU_SOURCE
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include "cmhd.h"

struct MHD_OptionItem cmhd_option_int(enum MHD_OPTION option, intptr_t value) {
    struct MHD_OptionItem item = { option, value, NULL };
    return item;
}

struct MHD_OptionItem cmhd_option_end(void) {
    struct MHD_OptionItem item = { MHD_OPTION_END, 0, NULL };
    return item;
}

// The callbacks are passed as typed parameters, so no function pointer is ever cast to an integer on the Swift
// side. The logger goes first so that errors while parsing later options already reach it.
struct MHD_Daemon *cmhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_cls,
                                     cmhd_uri_log_callback uri_log, void *uri_log_cls,
                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                     MHD_NotifyConnectionCallback connection, void *connection_cls,
                                     MHD_LogCallback logger, void *logger_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_EXTERNAL_LOGGER, logger, logger_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection, connection_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

// For HTTPServer's accept thread: close-on-exec in the same call, and non-blocking as MHD needs (TURBO reads
// before it polls).
int cmhd_accept(int listener, struct sockaddr *address, socklen_t *length) {
    return accept4(listener, address, length, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

// Shown by top -H, gdb and /proc/<pid>/task/<tid>/comm.
void cmhd_name_current_thread(const char *name) {
    (void)prctl(PR_SET_NAME, name, 0, 0, 0);
}

// MHD_SIZE_UNKNOWN, so HTTP/1.1 clients get `Transfer-Encoding: chunked`.
struct MHD_Response *cmhd_create_stream_response(size_t block_size, MHD_ContentReaderCallback reader, void *cls,
                                                 MHD_ContentReaderFreeCallback free_cb) {
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, block_size, reader, cls, free_cb);
}

// Made from `malloc`ed bytes, it is the only copy of the body, and the response's owner may read it while it
// holds the response.
struct MHD_Response *cmhd_create_owned_response(size_t size, void *buffer) {
    return MHD_create_response_from_buffer_with_free_callback(size, buffer, &free);
}

// A HEAD of a stream needs it: MHD ends a chunked answer with its last chunk even when it sends no body, bytes a
// HEAD answer must not have.
enum MHD_Result cmhd_response_without_chunks(struct MHD_Response *response) {
    return MHD_set_response_options(response, MHD_RF_HTTP_VERSION_1_0_ONLY, MHD_RO_END);
}

ssize_t cmhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

ssize_t cmhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

// Streams lengthen it to a few heartbeats (a long-lived response would otherwise be cut at the daemon's
// CONNECTION_TIMEOUT) and restore it when they end, for the kept-alive connection's next request.
enum MHD_Result cmhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? info->connect_fd : -1;
}

// A poll with no wait, which also sees the close behind bytes the peer sent before it (a peek would read those
// bytes instead). A suspended MHD connection is not polled, so this is how the server learns that the client of
// an idle stream went away without writing to it (which takes two writes: the first one after the client's
// close still succeeds).
int cmhd_socket_peer_closed(int socket) {
    if (socket < 0) return 0;
    struct pollfd entry = { socket, POLLRDHUP, 0 };
    if (poll(&entry, 1, 0) <= 0) return 0;
    return (entry.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

// Whether nothing waits in `socket`'s queues: no bytes from its peer that the server has not read, none from the
// server that its peer has not acknowledged.
static int cmhd_socket_idle(int socket) {
    int unread = 0, unacknowledged = 0;
    if (ioctl(socket, FIONREAD, &unread) != 0 || ioctl(socket, TIOCOUTQ, &unacknowledged) != 0) return 0;
    return unread == 0 && unacknowledged == 0;
}

// Sockets whose request is being read or handled: one flag byte per descriptor number, `CMHD_BUSY_SOCKETS` of
// them (sockets numbered past that are not tracked). A client that shut its sending side after its request
// still waits for the answer, and its socket, read empty and with nothing sent yet, would otherwise look
// departed. A plain byte array to Swift (a C array member would import as a tuple of 65,536 elements).
#define CMHD_BUSY_SOCKETS 65536

unsigned char *cmhd_busy_sockets_create(void) {
    return (unsigned char *)calloc(CMHD_BUSY_SOCKETS, 1);
}

// Relaxed: the accept thread's poll reads it after a request's start, which comes long after the socket was
// accepted, and a stale flag at worst keeps one connection counted.
void cmhd_busy_sockets_set(unsigned char *table, int socket, int busy) {
    if (table == NULL || socket < 0 || socket >= CMHD_BUSY_SOCKETS) return;
    __atomic_store_n(&table[socket], (unsigned char)(busy != 0), __ATOMIC_RELAXED);
}

static int cmhd_busy_sockets_get(const unsigned char *table, int socket) {
    if (table == NULL || socket < 0 || socket >= CMHD_BUSY_SOCKETS) return 0;
    return __atomic_load_n(&table[socket], __ATOMIC_RELAXED);
}

// A poll with no wait: a socket that failed, or whose peer closed, or shut its sending side with nothing left in
// either queue, does not count. A failed one is also shut down both ways, so that MHD's next look at it ends its
// connection. One whose peer only stopped sending has its receiving side shut: a poll sees no difference, but
// MHD then ends the connection at once, where without it such connections waited for the idle timeout (a test
// with clients that connect and close at a limit took minutes instead of a second; MHD's epoll is
// edge-triggered, and the shutdown is a new event on the socket). Its sending side stays open, so MHD still
// answers whatever it has read already (pipelined requests).
// One whose peer shut its sending side while answers are still on their way counts: a client may do that after
// its last request and read on, and one that reads nothing holds its connection all the same. So does one whose
// request `busy` marks as being read or handled: its answer is still to come.
// The sockets a failed poll was to look at all count; those shut down before it stay reclaimed.
int cmhd_reclaim_departed(const unsigned char *busy, const int *sockets, int count, int *reclaimed) {
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

// A peer that vanished without closing (a dropped network, a sleeping laptop) acknowledges nothing, while the
// writes to it keep succeeding into the send buffer; with this its socket fails, which the poll above then sees.
// -1 where the option does not exist.
int cmhd_socket_set_user_timeout(int socket, unsigned int milliseconds) {
#ifdef TCP_USER_TIMEOUT
    return setsockopt(socket, IPPROTO_TCP, TCP_USER_TIMEOUT, &milliseconds, sizeof milliseconds);
#else
    (void)socket;
    (void)milliseconds;
    return -1;
#endif
}
