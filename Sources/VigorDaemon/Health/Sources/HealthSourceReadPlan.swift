import Foundation
import Store

/// Which files of a source to read now, and from when: a file never read is read whole; a file that changed since it
/// was read (grown, rewritten, replaced by rename, or by an older copy) is read again from a little before the newest
/// sample it gave, so only what is new is added (the store keeps what it had: nothing is lost when a file shrinks);
/// a file unchanged is not read.
enum HealthSourceReadPlan {
    /// How far before the newest sample a re-read starts: a night or an hour still being written at the last read is
    /// read whole again.
    static let overlap: TimeInterval = 2 * 86_400

    struct Read: Sendable, Equatable {
        var file: HealthSourceFileState
        /// Deliver samples starting from here; nil: the whole file.
        var since: Date?
    }

    static func reads(found: [HealthSourceFileState], remembered: [HealthSourceFile]) -> [Read] {
        let byPath = Dictionary(remembered.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return found.compactMap { file in
            guard let before = byPath[file.path] else { return Read(file: file, since: nil) }
            let unchanged = before.size == file.size && before.inode == file.inode
                && abs(before.modifiedAt.timeIntervalSince(file.modifiedAt)) < 0.001
            guard !unchanged else { return nil }
            return Read(file: file, since: before.newestStart.map { $0.addingTimeInterval(-overlap) })
        }
    }
}
