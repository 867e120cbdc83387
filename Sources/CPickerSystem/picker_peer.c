#define _GNU_SOURCE
#include <errno.h>
#include <sys/socket.h>
#include "picker_peer.h"

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif

int picker_peer_credentials_of(int fd, picker_peer_credentials *credentials) {
    struct ucred peer;
    socklen_t length = sizeof(peer);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0) return errno;
    credentials->pid = peer.pid;
    credentials->uid = peer.uid;
    credentials->gid = peer.gid;
    return 0;
}

int picker_peer_groups_of(int fd, uint32_t *groups, int capacity, int *count) {
    socklen_t length = (socklen_t)(capacity * sizeof(gid_t));
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &length) != 0) {
        int error = errno;
        if (error == ERANGE) *count = (int)(length / sizeof(gid_t));
        return error;
    }
    *count = (int)(length / sizeof(gid_t));
    return 0;
}
