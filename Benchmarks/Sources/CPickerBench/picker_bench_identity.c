#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "picker_bench_identity.h"

int picker_bench_connect_as(const char *path, uint32_t uid, uint32_t gid) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) return -ENAMETOOLONG;
    strcpy(address.sun_path, path);
    /* The socket is made with the thread's own ids; only connect carries the others. */
    int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) return -errno;
    uid_t oldUID = geteuid();
    gid_t oldGID = getegid();
    /* The group first, while the thread may still change it. */
    if (syscall(SYS_setresgid, -1, gid, -1) != 0) {
        int error = errno;
        close(descriptor);
        return -error;
    }
    if (syscall(SYS_setresuid, -1, uid, -1) != 0) {
        int error = errno;
        syscall(SYS_setresgid, -1, oldGID, -1);
        close(descriptor);
        return -error;
    }
    int connected = connect(descriptor, (struct sockaddr *)&address, sizeof address);
    int error = errno;
    /* The saved ids are still the old ones, so the thread may take them back;
       a thread left as another user would be a worse failure than stopping. */
    if (syscall(SYS_setresuid, -1, oldUID, -1) != 0 || syscall(SYS_setresgid, -1, oldGID, -1) != 0) abort();
    if (connected != 0) {
        close(descriptor);
        return -error;
    }
    return descriptor;
}
