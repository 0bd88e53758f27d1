#ifndef VIGOR_CLINUXSCHEDULING_H
#define VIGOR_CLINUXSCHEDULING_H

/// Asks the kernel to give the calling thread time slices of `nanoseconds` (Linux 6.12 and later: the
/// EEVDF scheduler reads `sched_attr.sched_runtime` of a normal thread as its slice, and a shorter slice
/// lets a waking thread preempt sooner). Keeps the thread's policy and nice value.
/// Returns 0 on success, or the errno of `sched_getattr`/`sched_setattr`.
int vigor_request_time_slice(unsigned long long nanoseconds);

/// The calling thread's requested slice in nanoseconds as the kernel reports it (0 when the kernel has
/// none: a kernel older than 6.12, or no request made), or -errno.
long long vigor_time_slice(void);

#endif
