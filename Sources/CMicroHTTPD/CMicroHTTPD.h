#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

// libmicrohttpd and the system headers HTTPServer calls beside it. The wrappers Swift needs around MHD (its
// variadic functions and cast macros) and the request-head scanner are C code in CMicroHTTPDShim.

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

#endif
