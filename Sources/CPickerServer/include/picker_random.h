#ifndef PICKER_RANDOM_H
#define PICKER_RANDOM_H

#include <stddef.h>

/* Fills `buffer` with `length` bytes of the kernel's CSPRNG (getrandom(2),
   which Swift's Glibc module does not declare), retrying short reads and
   EINTR. Returns 0, or an errno value when it could not. */
int picker_random_fill(void *buffer, size_t length);

#endif
