#include "picker_dumpable.h"

#include <sys/prctl.h>

int picker_make_undumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

int picker_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
}
