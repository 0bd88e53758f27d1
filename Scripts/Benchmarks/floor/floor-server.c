/*
 * The machine's floor for the cycle benchmark: a minimal server that stands in for vigord in
 * `vigor-bench load --cycle` (Scripts/cycle-benchmark with FLOOR=1), so a run of vigord can be
 * compared, run for run, with the least any server could do on the same machine under the same load.
 *
 * Like vigord it serves one JSON-RPC line per request on a Unix socket from two event-loop threads
 * (named "NIO-ELT-floor-N" so vigor-bench counts their run-queue wait as it does vigord's), each with
 * its own epoll. `status` gets a fixed reply of vigord's size without any work. `cycle.run` starts
 * one "calendar parse" thread per core at SCHED_IDLE that allocates, fills and frees memory for
 * --cycle-ms (what a cold cycle's parse does to the CPUs and caches), then replies {"ran":true}.
 *
 * The other options are the variants Docs/performance.md ("The evening cycle", session 10) measured:
 *   --parse spin        parse threads compute only (no memory traffic)
 *   --yield-us N        parse threads call sched_yield() after every N µs of work (what vigord does)
 *   --pool yes          parse threads made once at start instead of per cycle
 *   --threads N         parse threads per cycle (default: one per core)
 *   --pin yes           parse thread N stays on CPU N
 *   --born-idle yes     the cycle thread lowers itself first, so parse threads are born at SCHED_IDLE
 *   --loop-slice-us N   ask EEVDF for an N µs slice on the event loops (sched_setattr)
 *
 *   usage: floor-server --socket PATH [options above] [--cycle-ms N] [--reply-bytes N] [--other VALUE ...]
 *   build: gcc -O2 -pthread -o floor-server floor-server.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum { LOOPS = 2, MAX_FD = 4096, BUFFER = 65536 };

struct connection {
    char buffer[BUFFER];
    size_t used;
};

static int loop_epoll[LOOPS];
static struct connection *connections[MAX_FD];
static char *status_reply;
static size_t status_length;
static long cycle_ms = 400;
static int parse_spins; /* --parse spin: compute only, no memory traffic */
static int parse_threads = 0; /* --threads N: parse threads per cycle (default: one per core) */
static int pooled; /* --pool yes: parse threads made at start, at SCHED_IDLE, waiting for a cycle */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_start = PTHREAD_COND_INITIALIZER;
static pthread_cond_t pool_done = PTHREAD_COND_INITIALIZER;
static uint64_t pool_deadline;
static unsigned pool_generation;
static int pool_running;
static int pinned; /* --pin yes: parse thread N stays on CPU N (no migration, no new placement) */
static int next_pin;
static int born_idle;
static long yield_us; /* --yield-us N: parse threads call sched_yield() after every N µs of work */
static long loop_slice_us; /* --loop-slice-us N: ask EEVDF for an N µs slice on the event loops (sched_setattr) */

/* sched_setattr(2)'s argument; glibc has no wrapper. */
struct slice_attr {
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
}; /* --born-idle yes: the cycle thread lowers itself first, so parse threads are born at SCHED_IDLE */

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void write_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t written = send(fd, data, length, MSG_NOSIGNAL);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        data += written;
        length -= (size_t)written;
    }
}

/* One parse thread: allocation churn over a few MiB until the deadline, at SCHED_IDLE. */
static void work(uint64_t deadline) {
    enum { SLOTS = 4096 };
    char **slots = calloc(SLOTS, sizeof *slots);
    uint32_t state = 2463534242u;
    uint64_t last_yield = now_ns();
    while (now_ns() < deadline) {
        if (yield_us > 0 && now_ns() - last_yield >= (uint64_t)yield_us * 1000u) {
            sched_yield();
            last_yield = now_ns();
        }
        if (parse_spins) {
            for (int step = 0; step < 4096; step++) { state ^= state << 13; state ^= state >> 17; state ^= state << 5; }
            __asm__ volatile("" : : "r"(state));
            continue;
        }
        for (int step = 0; step < 256; step++) {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5;
            size_t slot = state % SLOTS;
            free(slots[slot]);
            size_t size = 16 + (state >> 12) % 4096;
            slots[slot] = malloc(size);
            memset(slots[slot], (int)state, size);
        }
    }
    for (size_t slot = 0; slot < SLOTS; slot++) free(slots[slot]);
    free(slots);
}

static void become_parse_thread(void) {
    if (pinned) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(__atomic_fetch_add(&next_pin, 1, __ATOMIC_RELAXED) % sysconf(_SC_NPROCESSORS_ONLN), &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) perror("floor-server: sched_setaffinity");
    }
    struct sched_param none = {0};
    if (sched_setscheduler(0, SCHED_IDLE, &none) != 0) perror("floor-server: SCHED_IDLE");
    pthread_setname_np(pthread_self(), "calendar parse");
}

static void *parse(void *argument) {
    become_parse_thread();
    work(*(uint64_t *)argument);
    return NULL;
}

/* A pooled parse thread: waits for each cycle, works until its deadline, reports back. */
static void *pooled_parse(void *argument) {
    (void)argument;
    become_parse_thread();
    unsigned seen = 0;
    for (;;) {
        pthread_mutex_lock(&pool_lock);
        while (pool_generation == seen) pthread_cond_wait(&pool_start, &pool_lock);
        seen = pool_generation;
        uint64_t deadline = pool_deadline;
        pthread_mutex_unlock(&pool_lock);
        work(deadline);
        pthread_mutex_lock(&pool_lock);
        if (--pool_running == 0) pthread_cond_signal(&pool_done);
        pthread_mutex_unlock(&pool_lock);
    }
    return NULL;
}

/* The cycle: one parse thread per core, then the reply on the requesting connection. */
static void *cycle(void *argument) {
    int fd = (int)(intptr_t)argument;
    pthread_setname_np(pthread_self(), "floor cycle");
    uint64_t deadline = now_ns() + (uint64_t)cycle_ms * 1000000u;
    if (pooled) {
        pthread_mutex_lock(&pool_lock);
        pool_deadline = deadline;
        pool_running = parse_threads;
        pool_generation++;
        pthread_cond_broadcast(&pool_start);
        while (pool_running > 0) pthread_cond_wait(&pool_done, &pool_lock);
        pthread_mutex_unlock(&pool_lock);
    } else {
        if (born_idle) become_parse_thread();
        pthread_t threads[64];
        for (int index = 0; index < parse_threads; index++) pthread_create(&threads[index], NULL, parse, &deadline);
        for (int index = 0; index < parse_threads; index++) pthread_join(threads[index], NULL);
    }
    static const char reply[] = "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"ran\":true,\"kind\":\"evening\"}}\n";
    write_all(fd, reply, sizeof reply - 1);
    return NULL;
}

static void answer(int fd, const char *line, size_t length) {
    if (memmem(line, length, "cycle.run", 9) != NULL) {
        pthread_t thread;
        pthread_create(&thread, NULL, cycle, (void *)(intptr_t)fd);
        pthread_detach(thread);
        return;
    }
    write_all(fd, status_reply, status_length);
}

static void *event_loop(void *argument) {
    int index = (int)(intptr_t)argument;
    char name[16];
    snprintf(name, sizeof name, "NIO-ELT-floor-%d", index);
    pthread_setname_np(pthread_self(), name);
    if (loop_slice_us > 0) {
        struct slice_attr attr = {.size = sizeof attr, .runtime = (uint64_t)loop_slice_us * 1000u};
        if (syscall(SYS_sched_setattr, 0, &attr, 0) != 0) perror("floor-server: sched_setattr");
    }
    struct epoll_event events[64];
    for (;;) {
        int ready = epoll_wait(loop_epoll[index], events, 64, -1);
        for (int event = 0; event < ready; event++) {
            int fd = events[event].data.fd;
            struct connection *connection = connections[fd];
            ssize_t got = read(fd, connection->buffer + connection->used, BUFFER - connection->used);
            if (got <= 0) {
                if (got < 0 && errno == EINTR) continue;
                epoll_ctl(loop_epoll[index], EPOLL_CTL_DEL, fd, NULL);
                close(fd);
                connection->used = 0;
                continue;
            }
            connection->used += (size_t)got;
            char *start = connection->buffer;
            char *newline;
            while ((newline = memchr(start, '\n', connection->used - (size_t)(start - connection->buffer))) != NULL) {
                answer(fd, start, (size_t)(newline - start));
                start = newline + 1;
            }
            connection->used -= (size_t)(start - connection->buffer);
            memmove(connection->buffer, start, connection->used);
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *path = NULL;
    long reply_bytes = 1500;
    for (int index = 1; index + 1 < argc; index += 2) {
        if (strcmp(argv[index], "--socket") == 0) path = argv[index + 1];
        else if (strcmp(argv[index], "--cycle-ms") == 0) cycle_ms = atol(argv[index + 1]);
        else if (strcmp(argv[index], "--reply-bytes") == 0) reply_bytes = atol(argv[index + 1]);
        else if (strcmp(argv[index], "--parse") == 0) parse_spins = strcmp(argv[index + 1], "spin") == 0;
        else if (strcmp(argv[index], "--threads") == 0) parse_threads = atoi(argv[index + 1]);
        else if (strcmp(argv[index], "--pool") == 0) pooled = strcmp(argv[index + 1], "yes") == 0;
        else if (strcmp(argv[index], "--yield-us") == 0) yield_us = atol(argv[index + 1]);
        else if (strcmp(argv[index], "--loop-slice-us") == 0) loop_slice_us = atol(argv[index + 1]);
        else if (strcmp(argv[index], "--pin") == 0) pinned = strcmp(argv[index + 1], "yes") == 0;
        else if (strcmp(argv[index], "--born-idle") == 0) born_idle = strcmp(argv[index + 1], "yes") == 0;
    }
    if (parse_threads <= 0) parse_threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (parse_threads > 64) parse_threads = 64;
    if (path == NULL || reply_bytes < 64) {
        fprintf(stderr, "usage: floor-server --socket PATH [--cycle-ms N] [--reply-bytes N (>= 64)]\n");
        return 2;
    }
    static const char head[] = "{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"padding\":\"";
    static const char tail[] = "\"}}\n";
    status_length = (size_t)reply_bytes;
    status_reply = malloc(status_length);
    memset(status_reply, 'x', status_length);
    memcpy(status_reply, head, sizeof head - 1);
    memcpy(status_reply + status_length - (sizeof tail - 1), tail, sizeof tail - 1);

    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        fprintf(stderr, "floor-server: socket path too long: %s\n", path);
        return 2;
    }
    strcpy(address.sun_path, path);
    unlink(path);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 128) != 0) {
        fprintf(stderr, "floor-server: cannot listen on %s: %s\n", path, strerror(errno));
        return 1;
    }
    for (int index = 0; pooled && index < parse_threads; index++) {
        pthread_t thread;
        pthread_create(&thread, NULL, pooled_parse, NULL);
    }
    for (int index = 0; index < LOOPS; index++) {
        loop_epoll[index] = epoll_create1(EPOLL_CLOEXEC);
        pthread_t thread;
        pthread_create(&thread, NULL, event_loop, (void *)(intptr_t)index);
    }
    for (unsigned next = 0;; next++) {
        int fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR) continue;
            perror("floor-server: accept");
            return 1;
        }
        if (fd >= MAX_FD) {
            close(fd);
            continue;
        }
        if (connections[fd] == NULL) connections[fd] = calloc(1, sizeof(struct connection));
        connections[fd]->used = 0;
        struct epoll_event event = {.events = EPOLLIN, .data.fd = fd};
        epoll_ctl(loop_epoll[next % LOOPS], EPOLL_CTL_ADD, fd, &event);
    }
}
