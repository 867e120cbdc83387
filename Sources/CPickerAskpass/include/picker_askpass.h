#ifndef PICKER_ASKPASS_H
#define PICKER_ASKPASS_H

/* What pickerd-askpass needs from C: being told, on a pipe, that it should
   stop, whichever thread the signal lands on, and a signal when the program
   that started it is gone. In C because a signal handler may only call
   async-signal-safe functions, and prctl is variadic, which Swift cannot call. */

/* From now on SIGTERM, SIGINT and SIGHUP each write one byte 's' to a pipe
   instead of ending the process, and SIGPIPE is ignored (a write to a closed
   stdout fails with EPIPE). Returns the pipe: fds[0] to read, fds[1] to which
   others may write a byte of their own to wake the reader. 0, or -1 with errno. */
int picker_askpass_trap_signals(int fds[2]);

/* Asks the kernel for SIGTERM when the parent exits (PR_SET_PDEATHSIG), then
   sends it at once when the parent is no longer `parent` (it exited before).
   0, or -1 with errno. */
int picker_askpass_end_with_parent(int parent);

#endif
