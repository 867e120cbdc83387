/* Starting plugin programs with fork and exec rather than posix_spawn, which
   cannot close every other descriptor, set the parent-death signal, or start
   in another directory portably. The daemon is multithreaded, so between fork
   and exec the child calls only async-signal-safe functions (sigaction,
   setpgid, prctl, getppid, fcntl, dup2, close, chdir, sigprocmask, execve,
   write, _exit, and the close_range system call): no malloc, no locks, no
   stdio. Everything it needs (argv, envp, the largest descriptor) is prepared
   by the parent before fork. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "picker_spawn.h"

/* What the child reports on the close-on-exec pipe when it cannot exec; an
   exec that succeeds closes the pipe with nothing written. */
typedef struct {
    int step;
    int error;
} picker_spawn_report;

static void close_all(int fds[], int count) {
    for (int i = 0; i < count; i++) {
        if (fds[i] >= 0) close(fds[i]);
    }
}

/* Closes every descriptor from `first` up: close_range (Linux 5.9), else one
   by one up to `limit`, the soft RLIMIT_NOFILE the parent read. */
static void close_from(int first, int limit) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    for (int fd = first; fd < limit; fd++) close(fd);
}

/* Sets `signal` to its default action with the rt_sigaction system call, for
   the signals glibc's sigaction refuses (32 and 33, its own): one ignored by
   whoever started the daemon would stay ignored in the plugin. The kernel's
   struct, as on x86-64 and arm64 (handler, flags, restorer, mask). */
static void default_action_of_reserved(int signal) {
#if defined(SYS_rt_sigaction) && (defined(__x86_64__) || defined(__aarch64__))
    struct {
        void (*handler)(int);
        unsigned long flags;
        void (*restorer)(void);
        unsigned long mask;
    } action = {SIG_DFL, 0, NULL, 0};
    syscall(SYS_rt_sigaction, signal, &action, NULL, sizeof action.mask);
#else
    (void)signal;
#endif
}

static void report_and_exit(int report_fd, picker_spawn_step step) {
    picker_spawn_report report = {step, errno};
    ssize_t written;
    do {
        written = write(report_fd, &report, sizeof report);
    } while (written < 0 && errno == EINTR);
    _exit(127);
}

/* In the child, between fork and exec: async-signal-safe calls only. */
static void become_plugin(const char *path, char *const argv[], char *const envp[], const char *directory,
                          int in_fd, int out_fd, int err_fd, int report_fd, pid_t parent, int limit) {
    /* Signals are blocked (the parent blocked them before fork); a handler of
       the daemon's could not run here anyway. Ignored signals stay ignored
       across exec, and NIO ignores SIGPIPE: every disposition goes back to
       default. (sigaction refuses SIGKILL, SIGSTOP and glibc's own signals.) */
    struct sigaction default_action = {0};
    default_action.sa_handler = SIG_DFL;
    for (int signal = 1; signal < NSIG; signal++) {
        if (sigaction(signal, &default_action, NULL) != 0 && errno == EINVAL && signal != SIGKILL && signal != SIGSTOP) {
            default_action_of_reserved(signal);
        }
    }

    /* Its own group, so the daemon can kill it with everything it started. */
    setpgid(0, 0);

    /* Dies with the daemon. The signal follows the thread that forked, and
       the daemon forks on its event-loop thread, which lives until shutdown
       (a pool or task thread could exit and kill a healthy plugin). If the
       daemon died before prctl, the parent is already someone else. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) report_and_exit(report_fd, PICKER_SPAWN_SETUP);
    if (getppid() != parent) _exit(127);

    /* Moves the pipes above 3 first, so no dup2 below overwrites one not yet moved. */
    int in_high = fcntl(in_fd, F_DUPFD, 4);
    int out_high = fcntl(out_fd, F_DUPFD, 4);
    int err_high = fcntl(err_fd, F_DUPFD, 4);
    int report_high = fcntl(report_fd, F_DUPFD, 4);
    if (in_high < 0 || out_high < 0 || err_high < 0 || report_high < 0) report_and_exit(report_fd, PICKER_SPAWN_SETUP);
    if (dup2(in_high, 0) < 0 || dup2(out_high, 1) < 0 || dup2(err_high, 2) < 0 || dup2(report_high, 3) < 0) {
        report_and_exit(report_high, PICKER_SPAWN_SETUP);
    }
    /* 3 closes at exec; everything else the daemon has open (the listening
       socket, client connections, epoll, eventfds, the state database) now. */
    fcntl(3, F_SETFD, FD_CLOEXEC);
    close_from(4, limit);

    if (directory && chdir(directory) != 0) report_and_exit(3, PICKER_SPAWN_CHDIR);

    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
    report_and_exit(3, PICKER_SPAWN_EXEC);
}

int picker_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                 picker_spawned *spawned, picker_spawn_step *failed) {
    /* [0]/[1]: stdin, [2]/[3]: stdout, [4]/[5]: stderr, [6]/[7]: the report. */
    int fds[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
    for (int i = 0; i < 8; i += 2) {
        if (pipe2(fds + i, O_CLOEXEC) != 0) {
            int saved = errno;
            close_all(fds, 8);
            errno = saved;
            *failed = PICKER_SPAWN_PIPE;
            return -1;
        }
    }
    struct rlimit files;
    int limit = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < 1 << 20 ? (int)files.rlim_cur : 1 << 20;
    pid_t parent = getpid();

    /* All signals blocked across fork, so the child runs none of the daemon's
       handlers before it has reset them. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) become_plugin(path, argv, envp, directory, fds[0], fds[3], fds[5], fds[7], parent, limit);
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);

    int child_ends[4] = {fds[0], fds[3], fds[5], fds[7]};
    close_all(child_ends, 4);
    if (pid < 0) {
        int parent_ends[4] = {fds[1], fds[2], fds[4], fds[6]};
        close_all(parent_ends, 4);
        errno = fork_error;
        *failed = PICKER_SPAWN_FORK;
        return -1;
    }
    /* Also here, so the group exists before this returns (a kill of the
       group must not race the child's own setpgid). It fails harmlessly once
       the child has exec'd or exited. */
    setpgid(pid, pid);

    /* Until exec: a few system calls in the child; exec closes the pipe. */
    picker_spawn_report report;
    ssize_t got;
    do {
        got = read(fds[6], &report, sizeof report);
    } while (got < 0 && errno == EINTR);
    close(fds[6]);
    if (got == (ssize_t)sizeof report) {
        /* The child exits right after writing, so this wait is as short as its _exit. */
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
        int parent_ends[3] = {fds[1], fds[2], fds[4]};
        close_all(parent_ends, 3);
        errno = report.error;
        *failed = (picker_spawn_step)report.step;
        return -1;
    }
    spawned->pid = pid;
    spawned->stdin_fd = fds[1];
    spawned->stdout_fd = fds[2];
    spawned->stderr_fd = fds[4];
    return 0;
}
