import ArgumentParser
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// The red button: blocks the calendar now and guides a breathing exercise.
struct CrashingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crashing",
        abstract: "The red button: block your calendar now for recovery time, and breathe.",
        discussion: "Writes a \"Recovery Time\" block from now, takes off the blocks inside it (the rest of the week stays), keeps the Ghost quiet until it ends, then guides a breathing exercise. Ctrl-C ends the exercise; the recovery time stays.")

    @Option(name: .long, help: "Minutes of recovery time (\(EmergencyActivateMethod.minutes.bounds.lowerBound)-\(EmergencyActivateMethod.minutes.bounds.upperBound)).")
    var minutes = EmergencyActivateMethod.minutes.defaultValue

    @Option(name: .long, help: "Breathing pattern: box (4-4-4-4), 4-7-8 or 4-2-4.")
    var pattern: BreathingPattern = .box

    @Option(name: .long, help: "Rounds of the breathing exercise.")
    var rounds = 6

    @Flag(name: .customLong("no-guide"), help: "Only block the calendar (for scripts).")
    var noGuide = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard EmergencyActivateMethod.minutes.allows(minutes) else { throw ValidationError("--minutes must be \(EmergencyActivateMethod.minutes.allowed)") }
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 100") }
    }

    func run() throws {
        let client = connection.client
        let status = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(EmergencyActivateMethod.self, .init(minutes: minutes))
        }
        if connection.json {
            try JSONOutput.print(status)
            return
        }
        let until = status.endsAt.map { String($0.description.dropFirst(11).prefix(5)) } ?? "later"
        print("Got it. Taking care of you.")
        if status.extended == true {
            print("Your Recovery Time now runs until \(until). No prompts, no proposals. You are allowed to stop.")
        } else {
            print("Your calendar is blocked until \(until). No prompts, no proposals. You are allowed to stop.")
        }
        print(Self.week(withdrawn: status.withdrawnBlocks ?? []))
        guard !noGuide else { return }
        BreathingGuide(pattern: pattern, rounds: rounds, live: isatty(STDOUT_FILENO) == 1).run()
        print("Take care. Recovery Time runs until \(until).")
    }
}

extension CrashingCommand {
    /// What happened to the week: blocks inside recovery time are taken off, the others stay.
    static func week(withdrawn: [String]) -> String {
        switch withdrawn.count {
        case 0: "The rest of your week stays as it is."
        case 1: "I took off \(withdrawn[0]), which fell inside it; the rest of your week stays."
        default: "I took off \(withdrawn.joined(separator: ", ")), which fell inside it; the rest of your week stays."
        }
    }
}

/// The supported breathing patterns and their phases in seconds.
enum BreathingPattern: String, ExpressibleByArgument, CaseIterable {
    case box
    case fourSevenEight = "4-7-8"
    case fourTwoFour = "4-2-4"

    var phases: [(name: String, seconds: Int)] {
        switch self {
        case .box: [("Breathe in", 4), ("Hold", 4), ("Breathe out", 4), ("Hold", 4)]
        case .fourSevenEight: [("Breathe in", 4), ("Hold", 7), ("Breathe out", 8)]
        case .fourTwoFour: [("Breathe in", 4), ("Hold", 2), ("Breathe out", 4)]
        }
    }
}

/// Counts the user through the phases, one second at a time; Ctrl-C ends it at once, cleanly.
struct BreathingGuide {
    let pattern: BreathingPattern
    let rounds: Int
    /// On a terminal the count updates in place; elsewhere each phase is one line.
    let live: Bool

    func run() {
        // Installed before the first line is printed: a Ctrl-C from then on always ends the guide. Without the pipe,
        // Ctrl-C keeps its default and ends vigorctl (the recovery time stays either way).
        // A SIGINT that came in ignored (nohup) stays ignored.
        var previous = sigaction()
        sigaction(SIGINT, nil, &previous)
        let ignored = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        let interrupt = ignored ? nil : InterruptPipe.shared
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let saved = errno
            InterruptPipe.shared?.ring()
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        if interrupt != nil { sigaction(SIGINT, &action, nil) }
        defer {
            if interrupt != nil { sigaction(SIGINT, &previous, nil) }
            if live { print("\u{1B}[?25h") }
        }
        if live { print("\u{1B}[?25l", terminator: "") }
        for round in 1...rounds {
            for phase in pattern.phases {
                if !live { print("\(phase.name) for \(phase.seconds) (round \(round) of \(rounds))") }
                fflush(nil)
                for remaining in stride(from: phase.seconds, to: 0, by: -1) {
                    if live {
                        print("\r\u{1B}[2K  \(phase.name)… \(remaining)   (round \(round) of \(rounds))", terminator: "")
                        fflush(nil)
                    }
                    if Self.interrupted(interrupt) {
                        if live { print("") }
                        return
                    }
                }
            }
        }
        if live { print("") }
    }

    /// Waits one second of the count; true when Ctrl-C came meanwhile.
    private static func interrupted(_ interrupt: InterruptPipe?) -> Bool {
        guard let interrupt else {
            sleep(1)
            return false
        }
        return interrupt.rang(within: .seconds(1))
    }
}

/// Ctrl-C during the guide: the SIGINT handler writes a byte to a pipe (all a handler may safely do), and the guide's
/// one-second waits are waits on that pipe, so the byte ends the current wait at once.
final class InterruptPipe: Sendable {
    /// Nil when no pipe could be made.
    static let shared = InterruptPipe()
    private let readEnd: Int32
    private let writeEnd: Int32

    private init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// From the signal handler.
    func ring() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// True when it rang, waiting at most `duration`.
    func rang(within duration: Duration) -> Bool {
        let milliseconds = Int32(duration.components.seconds * 1000)
        var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let polled = poll(&ready, 1, milliseconds)
            // EINTR: the handler has written its byte by the time poll returns; it is read on the next turn.
            if polled < 0 && errno == EINTR { continue }
            return polled > 0
        }
    }
}
