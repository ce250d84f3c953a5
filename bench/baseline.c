/*
 * The C baseline for scripts/bench: libmicrohttpd with exactly ribsd's daemon setup, answering every
 * request with a fixed JSON body of the size ribsd's state has, so the ratio ribsd/baseline is the cost
 * of everything ribsd does above MHD (routing, session lookup, event decoding, the RIB tree, the JSON).
 *
 *   baseline PORT THREADS EVENT_BYTES GET_BYTES CREATE_BYTES
 *
 * PORT 0 takes a free port; once listening it prints "baseline listening on http://127.0.0.1:PORT".
 * Same daemon as ribsd (Sources/HTTPServer/DaemonStart.swift, ServerConfiguration defaults):
 * internal polling thread + pool of THREADS (none when 1) + EPOLL + TURBO + ITC + suspend/resume (for
 * ribsd's streamed responses; no measurable cost here), connection limit 1024,
 * 64 per IP, 30 s idle timeout, 32 KiB per connection, strict parsing. One difference, off the measured
 * path: ribsd accepts on a thread of its own and hands each connection to MHD (MHD_USE_NO_LISTEN_SOCKET,
 * MHD_add_connection; it counts the connection limit there), while this lets MHD listen. wrk keeps its
 * connections alive, so the benchmark compares requests, not accepts. Like ribsd it routes at the first
 * access-handler call, consumes the body, and answers at the last one with a fresh MUST_COPY response
 * carrying Content-Type (and ETag or Location), so MHD's work per request is the same on both sides.
 *   POST /v1/sessions      -> 201, CREATE_BYTES
 *   POST anything else     -> 200, EVENT_BYTES
 *   GET  anything          -> 200, GET_BYTES
 * SIGINT/SIGTERM stop it. Build: cc -O2 -o baseline baseline.c $(pkg-config --cflags --libs libmicrohttpd)
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include <microhttpd.h>

static char *event_body, *get_body, *create_body;
static size_t event_len, get_len, create_len;
static volatile sig_atomic_t stop_requested = 0;
/* BASELINE_SPIN_NS: busy-wait this long in every final handler call (0 = off, the benchmark's setting).
 * Lets a measurement ask what a server with that much more userland work per request gets from the same
 * kernel and load (BENCHMARKS.md, "a slowed baseline"). */
static long spin_ns = 0;

static void spin(void) {
    if (spin_ns <= 0) return;
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < spin_ns);
}

/* A JSON object of exactly `size` bytes (size >= 16): {"pad":"xxxx...."}. */
static char *make_body(size_t size) {
    if (size < 16) size = 16;
    char *body = malloc(size);
    if (!body) { perror("malloc"); exit(1); }
    memset(body, 'x', size);
    memcpy(body, "{\"pad\":\"", 8);
    body[size - 2] = '"';
    body[size - 1] = '}';
    return body;
}

static int request_marker; /* any non-NULL pointer marks "headers seen" in *con_cls */

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)version; (void)upload_data;
    if (*con_cls == NULL) { /* headers done: route later, answer at the final call */
        *con_cls = &request_marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* a body chunk: consume it */
        *upload_data_size = 0;
        return MHD_YES;
    }
    spin();
    const char *body = get_body;
    size_t length = get_len;
    unsigned int status = MHD_HTTP_OK;
    int create = 0;
    if (strcmp(method, "POST") == 0) {
        if (strcmp(url, "/v1/sessions") == 0) { body = create_body; length = create_len; status = MHD_HTTP_CREATED; create = 1; }
        else { body = event_body; length = event_len; }
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json");
    if (create) MHD_add_response_header(response, "Location", "/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA");
    MHD_add_response_header(response, "ETag", "\"2\"");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

static void on_signal(int sig) { (void)sig; stop_requested = 1; }

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s PORT THREADS EVENT_BYTES GET_BYTES CREATE_BYTES\n", argv[0]);
        return 2;
    }
    const char *spin_setting = getenv("BASELINE_SPIN_NS");
    spin_ns = spin_setting ? atol(spin_setting) : 0;
    int port = atoi(argv[1]);
    int threads = atoi(argv[2]);
    event_len = (size_t)atol(argv[3]); get_len = (size_t)atol(argv[4]); create_len = (size_t)atol(argv[5]);
    event_body = make_body(event_len); get_body = make_body(get_len); create_body = make_body(create_len);
    if (event_len < 16) event_len = 16;
    if (get_len < 16) get_len = 16;
    if (create_len < 16) create_len = 16;

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);

    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO | MHD_USE_ERROR_LOG | MHD_USE_ITC |
                         MHD_ALLOW_SUSPEND_RESUME;
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_CONNECTION_LIMIT, 1024, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, 64, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, 30, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, 32 * 1024, NULL},
        {MHD_OPTION_STRICT_FOR_CLIENT, 1, NULL},
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, 0, NULL, NULL, access_handler, NULL,
                                                 MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                                                 MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "baseline: could not start the daemon\n"); return 2; }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("baseline listening on http://127.0.0.1:%u\n", info ? (unsigned)info->port : 0u);
    fflush(stdout);

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    while (!stop_requested) pause();
    MHD_stop_daemon(daemon);
    return 0;
}
