#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
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

int picker_tcp_peer_uid(const char *table, const char *peer, const char *local, uint32_t *uid) {
    FILE *file = fopen(table, "re");
    if (file == NULL) return errno;
    size_t peer_length = strlen(peer), local_length = strlen(local);
    char line[512];
    int result = ENOENT;
    /* "  sl  local_address rem_address   st tx_queue:rx_queue tr:tm->when retrnsmt   uid  timeout inode ..." */
    while (fgets(line, sizeof line, file) != NULL) {
        char *at = strchr(line, ':');
        if (at == NULL) continue;
        at++;
        while (*at == ' ') at++;
        if (strncmp(at, peer, peer_length) != 0 || at[peer_length] != ' ') continue;
        at += peer_length + 1;
        if (strncmp(at, local, local_length) != 0 || at[local_length] != ' ') continue;
        unsigned state, timer;
        unsigned long transmit, receive, when, retransmits, inode;
        unsigned owner;
        int timeout;
        if (sscanf(at + local_length, " %x %lx:%lx %x:%lx %lx %u %d %lu", &state, &transmit, &receive, &timer, &when,
                   &retransmits, &owner, &timeout, &inode) == 9 && inode != 0) {
            *uid = owner;
            result = 0;
        }
        break;
    }
    fclose(file);
    return result;
}
