#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "picker_test_support.h"

int picker_test_assume_ids(uint32_t uid, uint32_t gid) {
    /* The group first, while the thread may still change it. */
    if (syscall(SYS_setresgid, -1, gid, -1) != 0) return errno;
    if (syscall(SYS_setresuid, -1, uid, -1) != 0) {
        int error = errno;
        syscall(SYS_setresgid, -1, 0, -1);
        return error;
    }
    return 0;
}

int picker_test_restore_ids(void) {
    /* The saved ids are still root's, so the thread may take them back. */
    if (syscall(SYS_setresuid, -1, 0, -1) != 0) return errno;
    if (syscall(SYS_setresgid, -1, 0, -1) != 0) return errno;
    return 0;
}
