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
        /// Hash of the file bytes as they are now known to be.
        var fileHash: String
    }

    var entries: [String: Entry] = [:]
    /// Blocks the user deleted, with the fingerprint they had: not recreated until the
    /// engine changes the block (so a deletion is not silently undone).
    var userDeleted: [String: String] = [:]

    init() {}

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([String: Entry].self, forKey: .entries)
        userDeleted = try container.decodeIfPresent([String: String].self, forKey: .userDeleted) ?? [:]
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
        try AtomicFile.write(data, to: path)
    }
}
