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
    /// It cannot change anything (nothing to answer, nothing to do: a weekly receipt without "Hold these", the news
    /// that the Ghost runs normally again), so it goes to the inbox only, never to the desktop.
    public let inboxOnly: Bool

    public init(
        key: String, kind: Kind, title: String, body: String, actions: [Action] = [], block: BlockID? = nil, startsAt: Date? = nil,
        inboxOnly: Bool = false
    ) {
        self.key = key
        self.kind = kind
        self.title = title
        self.body = body
        self.actions = actions
        self.block = block
        self.startsAt = startsAt
        self.inboxOnly = inboxOnly
    }

    private enum CodingKeys: String, CodingKey {
        case key, kind, title, body, actions, block, startsAt, inboxOnly
    }

    /// Decodes a message; one kept before messages were marked inbox-only was a notification.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        key = try keys.decode(String.self, forKey: .key)
        kind = try keys.decode(Kind.self, forKey: .kind)
        title = try keys.decode(String.self, forKey: .title)
        body = try keys.decode(String.self, forKey: .body)
        actions = try keys.decode([Action].self, forKey: .actions)
        block = try keys.decodeIfPresent(BlockID.self, forKey: .block)
        startsAt = try keys.decodeIfPresent(Date.self, forKey: .startsAt)
        inboxOnly = try keys.decodeIfPresent(Bool.self, forKey: .inboxOnly) ?? false
    }
}
