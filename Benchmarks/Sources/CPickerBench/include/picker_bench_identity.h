#ifndef PICKER_BENCH_IDENTITY_H
#define PICKER_BENCH_IDENTITY_H

#include <stdint.h>

/* For pickerbench: connects to the Unix socket at `path` as another user, so
   that the daemon sees `uid` and `gid` as the peer's credentials (SO_PEERCRED
   records them at connect). Only the calling thread's effective ids change,
   through the raw setresuid/setresgid system calls (glibc's wrappers would
   change every thread of the process), and only for the connect; they are
   back to what they were when it returns. Needs root. Returns the connected
   descriptor, or -errno. */
int picker_bench_connect_as(const char *path, uint32_t uid, uint32_t gid);

#endif
