#ifndef PICKER_TEST_SUPPORT_H
#define PICKER_TEST_SUPPORT_H

#include <stdint.h>

/* Sets the effective uid and gid of the calling thread only (the raw system
   calls: glibc's wrappers would change every thread of the test runner), so
   that a socket it connects carries them as its peer credentials. Needs root;
   picker_test_restore_ids() goes back. Returns 0, or an errno value. */
int picker_test_assume_ids(uint32_t uid, uint32_t gid);
int picker_test_restore_ids(void);

#endif
