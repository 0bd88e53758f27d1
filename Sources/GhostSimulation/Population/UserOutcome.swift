import CivilCalendar
import GhostEngine

/// What the seed's metrics read from one simulated user's trajectory.
public struct UserOutcome: Codable, Sendable, Equatable {
    /// Trust phase at the end of each day, day 1 first.
    public var phases: [TrustPhase]
    /// Hours from the first start (day 1, 00:00) to the evening that placed or proposed the first block; nil: none.
    public var hoursToFirstProposal: Double?
    /// Commands and clicks over the run.
    public var interactions: Int
    /// Of those, by command (`accept`, `checkin`, `log`, `trust`, …: `UserOutcome.command(of:)`).
    public var interactionsByCommand: [String: Int] = [:]
    /// Workouts the user did.
    public var workouts: Int
    /// Of those, done in a block the Ghost placed.
    public var proactive: Int
    /// Of those, counted by the Ghost with no command or click.
    public var zeroInput: Int
    /// Ghost health was other than healthy at the end of some day.
    public var leftHealthy: Bool
    /// Training weeks judged against the promise (`WeekPromise`), those that got what was asked, those that got more.
    public var weeks = WeekPromise()
    /// The user stopped using vigord (`RetentionRules`); nil: they used it to the end of the run. Every other field
    /// covers the days they used it (`phases.count`).
    public var left: Departure?
    /// Minutes from the end of the install to the first insight or block the user saw (0: setup showed one); nil: none.
    public var minutesToFirstMagic: Double?
    /// Minutes from the end of the install to the first block proposed or written (a desktop notification); nil: none.
    public var minutesToFirstDesktopProposal: Double?

    /// Creates an outcome.
    public init(
        phases: [TrustPhase], hoursToFirstProposal: Double?, interactions: Int, workouts: Int, proactive: Int, zeroInput: Int,
        leftHealthy: Bool
    ) {
        self.phases = phases
        self.hoursToFirstProposal = hoursToFirstProposal
        self.interactions = interactions
        self.workouts = workouts
        self.proactive = proactive
        self.zeroInput = zeroInput
        self.leftHealthy = leftHealthy
        minutesToFirstDesktopProposal = hoursToFirstProposal.map { $0 * 60 }
        minutesToFirstMagic = minutesToFirstDesktopProposal
    }

    /// Reads a trajectory. The first block of day N was placed by the evening plan of day N − 1 at 21:00.
    public init(_ trajectory: Trajectory) {
        let first = trajectory.days.first { !$0.blocks.isEmpty }
        let done = trajectory.days.compactMap(\.workout)
        self.init(
            phases: trajectory.days.map(\.trustPhase),
            hoursToFirstProposal: first.map { Double(($0.day - 2) * 24 + 21) },
            interactions: trajectory.days.reduce(0) { $0 + $1.interactions.count },
            workouts: done.count,
            proactive: done.filter(\.inGhostBlock).count,
            zeroInput: done.filter { Self.countedWithoutInput($0, daysUsed: trajectory.days.count) }.count,
            leftHealthy: trajectory.days.contains { $0.ghostHealth != .healthy })
        weeks = WeekPromise(trajectory.days)
        for day in trajectory.days {
            for interaction in day.interactions { interactionsByCommand[Self.command(of: interaction), default: 0] += 1 }
        }
        left = trajectory.left
        if let setup = trajectory.setup {
            // Setup ended at `setup.hour` the evening before day 1; an evening places its block at 21:00.
            let evening = first.map { Double(($0.day - 1) * 1440 + (21 - setup.hour) * 60) }
            minutesToFirstDesktopProposal = setup.block != nil ? 0 : evening
            minutesToFirstMagic = setup.block != nil || setup.insight ? 0 : evening
        }
    }

    /// A workout the Ghost counted with no command or click: reported by the device (not logged, not in an accepted
    /// proposal), and its record reached the Ghost while the user used vigord. A record a late delivery brings days
    /// later still counts; one that would land after the user's last day never reached the Ghost.
    static func countedWithoutInput(_ workout: WorkoutRecord, daysUsed: Int) -> Bool {
        !workout.tookInput && workout.reported == .detected && (workout.reachesGhostOnDay ?? 0) <= daysUsed
    }

    /// The command an interaction was (its first word: `accept b3` → `accept`, `trust set auto` → `trust`).
    public static func command(of interaction: String) -> String {
        String(interaction.prefix { $0 != " " })
    }

    /// Days the user used vigord.
    public var daysUsed: Int { phases.count }

    /// Still using vigord after day `day`.
    public func stays(past day: Int) -> Bool {
        left.map { $0.day > day } ?? true
    }
}
