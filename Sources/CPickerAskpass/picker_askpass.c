#define _GNU_SOURCE
#include "picker_askpass.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static int wake_fd = -1;

static void wake(int signal_number) {
    (void)signal_number;
    int saved = errno;
    char byte = 's';
    /* The pipe is non-blocking on this end: when it is full, a wake-up waits already. */
    (void)!write(wake_fd, &byte, 1);
    errno = saved;
}

int picker_askpass_trap_signals(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    int flags = fcntl(fds[1], F_GETFL);
    if (flags < 0 || fcntl(fds[1], F_SETFL, flags | O_NONBLOCK) != 0) return -1;
    wake_fd = fds[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = wake;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    const int trapped[] = {SIGTERM, SIGINT, SIGHUP};
    for (unsigned index = 0; index < sizeof trapped / sizeof trapped[0]; index++) {
        if (sigaction(trapped[index], &action, NULL) != 0) return -1;
    }
    signal(SIGPIPE, SIG_IGN);
    /* A thread that blocks them (Swift's concurrency threads block nearly all
       signals) leaves them to this one. */
    sigset_t set;
    sigemptyset(&set);
    for (unsigned index = 0; index < sizeof trapped / sizeof trapped[0]; index++) sigaddset(&set, trapped[index]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return 0;
}

int picker_askpass_end_with_parent(int parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return -1;
    if (getppid() != parent) raise(SIGTERM);
    return 0;
}
