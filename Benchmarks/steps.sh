# The steps vigord's benchmarks are made of, sourced by Benchmarks/run and Benchmarks/compare (which set
# $root, the checkout, and $here, its Benchmarks folder): a scratch folder removed at exit with every process
# started here, release builds, a daemon on the heavy set, the evening cycle, and the measurements both share.
# Steps that run the binaries take them from $bin (vigord, vigorctl, vigor-sim) and $bench (vigor-bench).
work=$(mktemp -d /tmp/vigor-bench.XXXXXX)
daemon=
busy=()
# Stops the daemon and the busy loops started here.
stop_started() {
    for pid in "${busy[@]}" $daemon; do kill -TERM "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
cleanup() {
    stop_started
    rm -rf "$work"
}
trap cleanup EXIT

machine() {
    echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)," \
        "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1 /proc/loadavg)"
    echo "swift:   $(swift --version 2>&1 | head -1)"
}

# Runs a build quietly; its output is shown when it fails.
quietly() {
    "$@" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
}

# Release builds of the root package's executables; sets $bin to their folder.
build() {
    Scripts/bootstrap
    for product in "$@"; do quietly swift build -c release --product "$product"; done
    bin=$(swift build -c release --show-bin-path 2>/dev/null)
}

# The release vigor-bench of this package (the load and cycle clients); sets $bench to it.
build_bench() {
    quietly swift build -c release --package-path "$here"
    bench=$(swift build -c release --package-path "$here" --show-bin-path 2>/dev/null)/vigor-bench
}

# Starts VIGORD (default: the release vigord) on CONFIG with a new state folder, and waits for its socket.
start_daemon() {
    local config=$1 vigord=${2:-$bin/vigord}
    rm -rf "$work/state" "$work/out" "$work/vigord.sock"
    "$vigord" --config "$config" --socket "$work/vigord.sock" --state-dir "$work/state" 2>"$work/vigord.log" &
    daemon=$!
    for _ in $(seq 1 100); do
        [[ -S "$work/vigord.sock" ]] && return
        kill -0 "$daemon" 2>/dev/null || break
        sleep 0.1
    done
    echo "vigord did not start; its log:" >&2
    cat "$work/vigord.log" >&2
    exit 1
}

stop_daemon() {
    kill -TERM "$daemon"
    wait "$daemon" || true
    daemon=
}

# Waits until the daemon has used no CPU for half a second (its start-up reading of the calendars is
# over), at most a minute.
settle() {
    local before after
    for _ in $(seq 1 120); do
        before=$(awk '{print $14 + $15}' "/proc/$daemon/stat")
        sleep 0.5
        after=$(awk '{print $14 + $15}' "/proc/$daemon/stat")
        [[ $before == "$after" ]] && return
    done
    echo "note: vigord was still busy after a minute" >&2
}

peak_rss() {
    awk '/VmHWM/ {printf "%.1f MiB", $2/1024}' "/proc/$daemon/status"
}

# The heavy set (5 sources, 20 000 events, 5 zones) in $work/set, a new copy each time (generated once), and a
# configuration reading all of it in Europe/Berlin.
heavy_set() {
    [[ -d $work/heavy-set ]] || python3 "$here/calendar/generate-heavy-set.py" "$work/heavy-set"
    rm -rf "$work/set"
    cp -r "$work/heavy-set" "$work/set"
    {
        printf '[schedule]\ntimezone = "Europe/Berlin"\n[calendar.output]\npath = "%s/out"\n[health]\ninbox = "%s/inbox"\n' "$work" "$work"
        for file in "$work"/set/*.ics; do
            printf '[[calendar.source]]\nname = "%s"\npath = "%s"\n' "$(basename "$file" .ics)" "$file"
        done
    } >"$work/heavy.toml"
}

# vigord on the heavy set with a new state folder, living on 2026-03-01 at 12:00 Berlin (test-hook clock):
# the week the calendar benchmark queries, and the evening cycle not yet due, so it runs when asked.
start_heavy_daemon() {
    local offset
    offset=$(python3 -c 'import time; print((1772362800 - time.time()) / 3600)')
    VIGORD_TEST_HOOKS=1 VIGORD_CLOCK_OFFSET_HOURS="$offset" start_daemon "$work/heavy.toml"
    settle
}

# Touches every calendar file, so the cycle parses them all again, then runs the evening cycle through
# cycle.run (vigor-bench cycle: vigorctl's call and line, but waiting up to 10 minutes where vigorctl
# gives up after 10 s) and writes "START END" ($EPOCHREALTIME, process start to exit) to $1 and the
# answer to $1.out.
evening_cycle() {
    touch "$work"/set/*.ics
    local start=$EPOCHREALTIME
    "$bench" cycle evening --socket "$work/vigord.sock" >"$1.out" 2>&1 || { echo "the evening cycle failed: $(cat "$1.out")" >&2; exit 1; }
    echo "$start $EPOCHREALTIME" >"$1"
}

# Seconds between the two times in a file written by evening_cycle, and a note when vigorctl would
# have given up on the cycle.
elapsed() {
    awk '{printf "%.3f s wall", $2 - $1; if ($2 - $1 > 10) printf " (over vigorctl'"'"'s 10 s: `vigorctl cycle evening` would have said the daemon did not answer in time)"}' "$1"
}

# The heavy set with every event marked free (each is still read and expanded at every replan, but the dense set
# would leave the block no room at all), and one more source, $work/set/meetings.ics, that replans save meetings into.
replan_set() {
    heavy_set
    sed -i 's/^BEGIN:VEVENT\r$/BEGIN:VEVENT\r\nTRANSP:TRANSPARENT\r/' "$work"/set/source*.ics
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vigord bench//EN\r\nEND:VCALENDAR\r\n' >"$work/set/meetings.ics"
    printf '[[calendar.source]]\nname = "meetings"\npath = "%s"\n' "$work/set/meetings.ics" >>"$work/heavy.toml"
}

# vigord on the heavy set as it is configured, trusted as $1 (scheduler, auto-scheduler), after the evening cycle
# placed tomorrow's block (its answer printed) and the daemon settled.
start_replan_daemon() {
    start_heavy_daemon
    "$bin/vigorctl" trust set "$1" --socket "$work/vigord.sock" >/dev/null
    "$bench" cycle evening --socket "$work/vigord.sock"
    settle
}

# With the heavy daemon started: two busy loops, the evening cycle in the background (timed into $1 as evening_cycle
# does), and meanwhile `vigorctl status` 200 times, one process after another. Writes "START END EXIT-CODE" a call
# to $2 and what failed calls said to $2.err.
status_while_cycle_runs() {
    local cycle out=$2 times=()
    : >"$out.err"
    for _ in 1 2; do
        sh -c 'while :; do :; done' &
        busy+=($!)
    done
    evening_cycle "$1" &
    cycle=$!
    for _ in $(seq 1 200); do
        local start=$EPOCHREALTIME code=0
        "$bin/vigorctl" status --socket "$work/vigord.sock" >/dev/null 2>>"$out.err" || code=$?
        times+=("$start $EPOCHREALTIME $code")
    done
    wait "$cycle"
    kill -TERM "${busy[@]}"
    wait "${busy[@]}" 2>/dev/null || true
    busy=()
    printf '%s\n' "${times[@]}" >"$out"
}

# "P50 P99 MAX", in ms, of the calls in a file written by status_while_cycle_runs (a percentile p is the
# ceil(p × n)-th fastest call).
status_percentiles() {
    awk '{print ($2 - $1) * 1000}' "$1" | sort -g | awk '
        function rank(p,  r) { r = int(p * NR); if (r < p * NR) r++; return t[r < 1 ? 1 : r] }
        { t[NR] = $1 }
        END { printf "%.1f %.1f %.1f\n", rank(0.50), rank(0.99), t[NR] }'
}

# Runs the HeavySetBenchmark test (VigorDaemonTests, enabled by VIGOR_BENCH_DIR) of the release test bundle $1 on the
# calendar set in folder $2, and prints its `bench …` lines and the whole process's peak RSS as `rss KILOBYTES`.
heavy_set_benchmark() {
    VIGOR_BENCH_DIR="$2" /usr/bin/time -f "rss %M" "$1" --testing-library swift-testing --filter HeavySetBenchmark 2>&1 \
        | grep -E '^bench|^rss'
}
