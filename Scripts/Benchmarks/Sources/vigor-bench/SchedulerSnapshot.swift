import ArgumentParser
import Foundation

/// What the kernel counted for the daemon's threads and the machine at one moment, so a load run can tell
/// a delay the daemon caused (its event loops waiting behind its own normal-priority work) from one the
/// machine caused (CPU steal by the hypervisor, other processes).
struct SchedulerSnapshot {
    /// Per thread id: its name, scheduling policy (0 normal, 3 batch, 5 idle), nanoseconds on a CPU and
    /// nanoseconds runnable but waiting for one (`/proc/PID/task/TID/schedstat`).
    struct ThreadTimes {
        let name: String
        /// Clock ticks after boot when the thread started: a thread id the kernel reused names a new thread.
        let startTicks: UInt64
        let policy: Int
        let runNanoseconds: UInt64
        let waitNanoseconds: UInt64
        let timeslices: UInt64
    }

    /// When it was taken (monotonic nanoseconds).
    let takenAt: UInt64
    let threads: [Int: ThreadTimes]
    /// Steal and total ticks of all CPUs (`/proc/stat`, first line).
    let stealTicks: UInt64
    let totalTicks: UInt64

    static func take(pid: Int32) throws -> SchedulerSnapshot {
        let takenAt = monotonicNow()
        var threads: [Int: ThreadTimes] = [:]
        let directory = "/proc/\(pid)/task"
        for entry in try FileManager.default.contentsOfDirectory(atPath: directory) {
            guard let tid = Int(entry) else { continue }
            guard let text = try readUnlessGone("\(directory)/\(entry)/stat"), let stat = ProcStat(text),
                  let schedstat = try readUnlessGone("\(directory)/\(entry)/schedstat")
            else { continue }
            let fields = stat.fields
            let times = schedstat.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt64($0) }
            // Fields after the name start at field 3 (state); start time is field 22, policy field 41.
            guard fields.count > 38, let start = UInt64(fields[19]), let policy = Int(fields[38]), times.count == 3 else { continue }
            threads[tid] = ThreadTimes(
                name: stat.name, startTicks: start, policy: policy,
                runNanoseconds: times[0], waitNanoseconds: times[1], timeslices: times[2])
        }
        let cpu = try String(contentsOfFile: "/proc/stat", encoding: .utf8).prefix { $0 != "\n" }
        let ticks = cpu.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard ticks.count >= 8 else { throw ValidationError("unreadable /proc/stat: \(cpu)") }
        return SchedulerSnapshot(takenAt: takenAt, threads: threads, stealTicks: ticks[7], totalTicks: ticks.prefix(8).reduce(0, +))
    }

    /// A file of /proc, or nil when its thread ended between the listing and the read (it is simply not in
    /// the snapshot); any other failure is thrown.
    private static func readUnlessGone(_ path: String) throws -> String? {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
    }

    /// One line on what happened between `self` and `later`: the machine's steal, how long the event loops
    /// waited for a CPU, and the CPU the daemon's other normal-priority threads took (idle-policy threads,
    /// such as the calendar's, yield to everything and are counted apart).
    func describe(until later: SchedulerSnapshot) -> String {
        guard later.takenAt > takenAt else {
            return "not measured: the snapshots were taken out of order (the machine delayed the load's threads)"
        }
        let seconds = Double(later.takenAt - takenAt) / 1e9
        var loopWait: UInt64 = 0
        var loopSlices: UInt64 = 0
        var normalRunByName: [String: UInt64] = [:]
        var idleRun: UInt64 = 0
        for (tid, after) in later.threads {
            let before = threads[tid].flatMap { $0.startTicks == after.startTicks ? $0 : nil }
            let run = after.runNanoseconds - (before?.runNanoseconds ?? 0)
            if after.name.hasPrefix("NIO-ELT") {
                loopWait += after.waitNanoseconds - (before?.waitNanoseconds ?? 0)
                loopSlices += after.timeslices - (before?.timeslices ?? 0)
            } else if after.policy == 0 {
                normalRunByName[after.name, default: 0] += run
            } else {
                idleRun += run
            }
        }
        let total = later.totalTicks - totalTicks
        let steal = total == 0 ? 0 : Double(later.stealTicks - stealTicks) * 100 / Double(total)
        let normalRun = normalRunByName.values.reduce(0, +)
        let busiest = normalRunByName.filter { $0.value >= 100_000 }.sorted { $0.value > $1.value }.prefix(3)
            .map { String(format: "%@ %.1f", $0.key, Double($0.value) / 1e6) }
        return String(
            format: "steal %.1f %% of the CPUs; event loops waited %.1f ms for a CPU per second (%llu slices); other normal-priority threads ran %.1f ms%@, idle-policy threads %.1f ms (threads alive at the end)",
            steal, Double(loopWait) / 1e6 / seconds, loopSlices, Double(normalRun) / 1e6,
            busiest.isEmpty ? "" : " (\(busiest.joined(separator: ", ")))", Double(idleRun) / 1e6)
    }
}

/// One line of `/proc/PID/stat` or `/proc/PID/task/TID/stat`: the command name (field 2, which may hold
/// spaces and parentheses) and the fields after it, from field 3 (state) on.
struct ProcStat {
    let name: String
    let fields: [Substring]

    init?(_ text: String) {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        name = String(text[text.index(after: open)..<close])
        fields = text[text.index(after: close)...].split(separator: " ")
    }
}
