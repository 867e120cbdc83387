#ifndef PICKER_DUMPABLE_H
#define PICKER_DUMPABLE_H

/* Makes the calling process not dumpable (prctl PR_SET_DUMPABLE 0): it leaves
   no core dump, and processes of the same user can no longer ptrace it or read
   its memory and environment through /proc. For processes that hold secrets
   (pickerd, pickerctl). In C because prctl is variadic, which Swift cannot call.
   Returns 0, or -1 with errno. */
int picker_make_undumpable(void);

/* 1 when the calling process is dumpable, 0 when not, -1 on error. */
int picker_is_dumpable(void);

#endif
