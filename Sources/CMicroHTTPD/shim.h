#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

// microhttpd.h expects these types to be declared before it is included.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
