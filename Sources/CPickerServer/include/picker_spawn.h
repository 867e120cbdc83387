#ifndef PICKER_SPAWN_H
#define PICKER_SPAWN_H

#include <sys/types.h>

/* A plugin program started by picker_spawn: its pid (also its process group)
   and the parent's ends of its stdin, stdout and stderr pipes (close-on-exec). */
typedef struct {
    pid_t pid;
    int stdin_fd;
    int stdout_fd;
    int stderr_fd;
} picker_spawned;

/* What failed when picker_spawn returns -1 (errno says why). */
typedef enum {
    PICKER_SPAWN_PIPE = 1,
    PICKER_SPAWN_FORK = 2,
    PICKER_SPAWN_CHDIR = 3,
    PICKER_SPAWN_EXEC = 4,
    /* setting up the child: its parent-death signal or its descriptors */
    PICKER_SPAWN_SETUP = 5,
} picker_spawn_step;

/* Starts `path` with `argv` and exactly `envp`, in `directory` (NULL: the
   daemon's), isolated from the daemon: it holds only its three standard
   descriptors (pipes to the daemon), leads a process group of its own, has a
   cleared signal mask and default signal dispositions, and is killed
   (SIGKILL) when the thread that calls this exits, which for pickerd is the
   event loop's thread, living as long as the daemon. Returns 0 and fills
   `spawned`, or -1 with errno set and `*failed` saying which step failed;
   a program that cannot be executed (ENOENT, EACCES, a bad working directory)
   is reported here, not as a child that exits. */
int picker_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                 picker_spawned *spawned, picker_spawn_step *failed);

#endif
