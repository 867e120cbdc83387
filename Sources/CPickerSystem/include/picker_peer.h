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

/* The uid of the live TCP socket at `peer` connected to `local`, found in
   `table` (/proc/net/tcp or /proc/net/tcp6), both addresses written as that
   table writes them ("0100007F:1F90"). Returns 0, ENOENT when no live socket
   matches (an entry with inode 0 is one already closed), or an errno value.
   In C because it runs for every connection pickerweb accepts: a line at a
   time with stdio, it costs microseconds where splitting the table's text
   in Swift took milliseconds in a debug build. */
int picker_tcp_peer_uid(const char *table, const char *peer, const char *local, uint32_t *uid);

#endif
