#ifndef PICKER_AFFINITY_H
#define PICKER_AFFINITY_H

/* Pins the calling thread to CPUs first..last (inclusive); threads and
   processes it starts afterwards inherit that. Returns 0, or -1 with errno.
   In C because sched_setaffinity needs _GNU_SOURCE (see picker_system.h). */
int picker_pin_thread_to_cpus(int first, int last);

#endif
