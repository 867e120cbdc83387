#ifndef PICKER_PEER_H
#define PICKER_PEER_H

#include <stdint.h>
#include "picker_system.h"

/* The process at the other end of a connected Unix socket, as the kernel
   recorded it at connect: its pid, uid and gid (SO_PEERCRED). Returns 0 or an
   errno value. */
int picker_peer_credentials_of(int fd, picker_peer_credentials *credentials);

/* Its supplementary groups at connect (SO_PEERGROUPS, Linux 4.13), not the
   group database's idea of them. Writes up to `capacity` gids and sets
   `*count` to how many there are: when that is more than `capacity`, returns
   ERANGE and the caller asks again with room for `*count`. Returns 0 or an
   errno value. */
int picker_peer_groups_of(int fd, uint32_t *groups, int capacity, int *count);

#endif
