#ifndef PICKER_SYSTEM_H
#define PICKER_SYSTEM_H

#include <stdint.h>

/* Linux's struct ucred, as SO_PEERCRED fills it. glibc declares it only under
   _GNU_SOURCE, which Swift's Glibc module does not define (and defining it here
   would clash with that module), so it is spelled out: pid_t, uid_t and gid_t
   are 32-bit on every Linux ABI. */
typedef struct {
    int32_t pid;
    uint32_t uid;
    uint32_t gid;
} picker_peer_credentials;

#endif
