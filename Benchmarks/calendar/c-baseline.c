/* Single-threaded libical baseline: parse every file, expand each VEVENT over
 * [from, to) with icalrecur_iterator, convert to UTC. Prints parse and total seconds.
 * build: gcc -O2 Benchmarks/calendar/c-baseline.c $(pkg-config --cflags --libs libical) -o /tmp/c-baseline
 * usage: c-baseline FROM_UNIX TO_UNIX FILE... */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n) { fclose(f); free(buf); return NULL; }
    buf[n] = 0;
    fclose(f);
    return buf;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s FROM TO FILE...\n", argv[0]); return 2; }
    time_t from = atol(argv[1]), to = atol(argv[2]);
    double start = now(), parsed = 0;
    long instances = 0;
    for (int i = 3; i < argc; i++) {
        char *text = slurp(argv[i]);
        if (!text) { perror(argv[i]); return 1; }
        double p0 = now();
        icalcomponent *cal = icalparser_parse_string(text);
        parsed += now() - p0;
        free(text);
        for (icalcomponent *ev = icalcomponent_get_first_component(cal, ICAL_VEVENT_COMPONENT); ev;
             ev = icalcomponent_get_next_component(cal, ICAL_VEVENT_COMPONENT)) {
            struct icaltimetype dtstart = icalcomponent_get_dtstart(ev);
            icalproperty *rrule = icalcomponent_get_first_property(ev, ICAL_RRULE_PROPERTY);
            icaltimezone *utc = icaltimezone_get_utc_timezone();
            if (!rrule) {
                time_t s = icaltime_as_timet_with_zone(dtstart, dtstart.zone);
                if (s >= from && s < to) instances++;
                continue;
            }
            icalrecur_iterator *it = icalrecur_iterator_new(icalproperty_get_rrule(rrule), dtstart);
            for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t);
                 t = icalrecur_iterator_next(it)) {
                time_t s = icaltime_as_timet_with_zone(t, dtstart.zone);
                if (s >= to) break;
                if (s >= from) instances++;
            }
            icalrecur_iterator_free(it);
            (void)utc;
        }
        icalcomponent_free(cal);
    }
    printf("parse %.3f s, total %.3f s, %ld instances\n", parsed, now() - start, instances);
    return 0;
}
