import Foundation

/// The writer's own record of what it wrote, kept outside the vdir (vdirsyncer must not
/// sync it). Edit detection compares the files on disk against it.
struct WriterLedger: Codable, Sendable, Equatable {
    /// What was last written (or last seen, after a user edit) for one block.
    struct Entry: Codable, Sendable, Equatable {
        var uid: String
        var file: String
        var start: Date
        var end: Date
        var title: String
        var fingerprint: String
        /// The block's plan fingerprint when written; nil in a ledger an older vigord wrote.
        var plan: String?
        /// Hash of the file bytes as they are now known to be.
        var fileHash: String
    }

    /// A block the user deleted: not written again while its UID and plan stay the same, so a deletion is not
    /// silently undone.
    struct Deletion: Codable, Sendable, Equatable {
        var uid: String
        /// The plan fingerprint the block had; nil when an older vigord recorded the deletion (then the block stays
        /// deleted for as long as it is wanted under that UID).
        var plan: String?
    }

    var entries: [String: Entry] = [:]
    var userDeleted: [String: Deletion] = [:]

    private enum CodingKeys: String, CodingKey {
        case entries, deletions
        /// The deletions as an older vigord wrote them: block id → the block's fingerprint then.
        case userDeleted
    }

    init() {}

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([String: Entry].self, forKey: .entries)
        if let deletions = try container.decodeIfPresent([String: Deletion].self, forKey: .deletions) {
            userDeleted = deletions
        } else {
            // Blocks were written under "vigor-<id>@vigord" then; their fingerprints cannot be compared with today's.
            let older = try container.decodeIfPresent([String: String].self, forKey: .userDeleted) ?? [:]
            userDeleted = Dictionary(uniqueKeysWithValues: older.keys.map { ($0, Deletion(uid: "vigor-\($0)@vigord", plan: nil)) })
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(userDeleted, forKey: .deletions)
    }

    /// The ledger at `path`; a missing file is an empty ledger, an unreadable one is an error.
    static func load(from path: String) throws(CalendarError) -> WriterLedger {
        guard FileManager.default.fileExists(atPath: path) else { return WriterLedger() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "cannot read the writer ledger")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(WriterLedger.self, from: data)
        } catch {
            throw .malformed(path: path, reason: "writer ledger is not valid JSON: \(error)")
        }
    }

    func save(to path: String) throws(CalendarError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw .writeFailed(path: path, reason: "cannot encode the ledger: \(error)")
        }
        try VdirFile.write(data, to: path)
    }
}
