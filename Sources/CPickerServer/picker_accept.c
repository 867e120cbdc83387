#define _GNU_SOURCE
#include "picker_accept.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

int picker_accept_connection(int listener) {
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int picker_pipe_nonblocking(int fds[2]) {
    return pipe2(fds, O_NONBLOCK | O_CLOEXEC);
}
