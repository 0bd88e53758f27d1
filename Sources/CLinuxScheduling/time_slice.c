#define _GNU_SOURCE
#include "CLinuxScheduling.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's struct sched_attr (include/uapi/linux/sched/types.h); glibc 2.36 has no wrapper. */
struct vigor_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
    uint32_t sched_util_min;
    uint32_t sched_util_max;
};

static int read_attributes(struct vigor_sched_attr *attributes) {
    memset(attributes, 0, sizeof *attributes);
    if (syscall(SYS_sched_getattr, 0, attributes, sizeof *attributes, 0) != 0) return errno;
    return 0;
}

int vigor_request_time_slice(unsigned long long nanoseconds) {
    struct vigor_sched_attr attributes;
    int failure = read_attributes(&attributes);
    if (failure != 0) return failure;
    attributes.size = sizeof attributes;
    attributes.sched_flags = 0;
    attributes.sched_runtime = nanoseconds;
    if (syscall(SYS_sched_setattr, 0, &attributes, 0) != 0) return errno;
    return 0;
}

long long vigor_time_slice(void) {
    struct vigor_sched_attr attributes;
    int failure = read_attributes(&attributes);
    if (failure != 0) return -failure;
    return (long long)attributes.sched_runtime;
}
