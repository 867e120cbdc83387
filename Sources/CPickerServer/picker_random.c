#include "picker_random.h"

#include <errno.h>
#include <sys/random.h>

int picker_random_fill(void *buffer, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t got = getrandom((char *)buffer + done, length - done, 0);
        if (got > 0) {
            done += (size_t)got;
        } else if (got < 0 && errno != EINTR) {
            return errno;
        }
    }
    return 0;
}
