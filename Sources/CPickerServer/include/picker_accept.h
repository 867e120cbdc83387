#ifndef PICKER_ACCEPT_H
#define PICKER_ACCEPT_H

/* accept4 and pipe2 need _GNU_SOURCE, which Swift's Glibc module does not
   define: both make their descriptors close-on-exec atomically, so that no
   plugin program started at that moment inherits a client's connection. */

/* Accepts one connection on `listener`, non-blocking and close-on-exec.
   Returns the descriptor, or -1 with errno set. */
int picker_accept_connection(int listener);

/* A pipe whose ends are non-blocking and close-on-exec. Returns 0, or -1 with errno set. */
int picker_pipe_nonblocking(int fds[2]);

#endif
