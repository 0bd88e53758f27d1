import Foundation

/// Something the Ghost wants to tell its user, with the one-tap answers it accepts. Its `key` is stable, so
/// the same thing is never said twice and an answer given anywhere withdraws it everywhere.
public struct GhostMessage: Codable, Sendable, Equatable {
    /// What it is about, in priority order: the first kind wins the day's one notification (but a proposal whose block
    /// starts before the next chance to tell the user comes right after the apology: `NotificationOrchestrator`).
    public enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
        case apology, ghostHealth, triage, proposal, transformation, weeklyReceipt, checkIn, workoutLogged

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// How a held-back receipt names it ("today's notification went to the triage question").
        public var phrase: String {
            switch self {
            case .apology: "the apology"
            case .ghostHealth: "how the Ghost is running"
            case .triage: "the triage question"
            case .proposal: "a proposal"
            case .transformation: "today's changed block"
            case .weeklyReceipt: "the weekly receipt"
            case .checkIn: "the morning check-in"
            case .workoutLogged: "a logged workout"
            }
        }
    }

    /// An answer: `id` is the desktop action key, `command` the same answer typed in a terminal.
    public struct Action: Codable, Sendable, Equatable {
        public let id: String
        public let label: String
        public let command: String

        public init(id: String, label: String, command: String) {
            self.id = id
            self.label = label
            self.command = command
        }
    }

    public let key: String
    public let kind: Kind
    public let title: String
    public let body: String
    public let actions: [Action]
    /// The block it is about, when it is about one.
    public let block: BlockID?
    /// When what a proposal asks about begins (the block's start; for a move, the earlier of its start and the
    /// new one): a proposal whose block starts before the next chance to tell the user cannot wait for tomorrow.
    public let startsAt: Date?

    public init(
        key: String, kind: Kind, title: String, body: String, actions: [Action] = [], block: BlockID? = nil, startsAt: Date? = nil
    ) {
        self.key = key
        self.kind = kind
        self.title = title
        self.body = body
        self.actions = actions
        self.block = block
        self.startsAt = startsAt
    }
}
