// hiredis for Swift: its synchronous API only (one context per thread). Included by its folder's name, which
// works with or without pkg-config's -I, and needs no function of its own: the calls RedisStore makes
// (redisCommandArgv, redisAppendCommandArgv) are not variadic.
#ifndef RIBSD_CHIREDIS_SHIM_H
#define RIBSD_CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>

#endif
