import Foundation
import SafeFiles

/// Compares the Vigor collection on disk with the writer's ledger and turns differences into
/// typed `BlockChange`s, updating the ledger so each change is reported once.
struct EditDetector {
    let collectionPath: String
    let converter: InstantConverter

    /// Changes since the ledger was last updated; `ledger` is advanced to the observed state.
    func detect(ledger: inout WriterLedger) -> [BlockChange] {
        var changes: [BlockChange] = []
        let filesByUID = uidIndex()
        for blockID in ledger.entries.keys.sorted() {
            guard var entry = ledger.entries[blockID] else { continue }
            var path = (collectionPath as NSString).appendingPathComponent(entry.file)
            if !FileManager.default.fileExists(atPath: path), let renamed = filesByUID[entry.uid] {
                entry.file = (renamed as NSString).lastPathComponent
                path = renamed
            }
            guard let data = RegularFile.contents(path) else {
                changes.append(BlockChange(blockID: blockID, uid: entry.uid, kind: .deleted, oldStart: entry.start, oldEnd: entry.end))
                ledger.entries[blockID] = nil
                ledger.userDeleted[blockID] = WriterLedger.Deletion(uid: entry.uid, plan: entry.plan)
                continue
            }
            let hash = ContentFingerprint.hex(of: data)
            if hash == entry.fileHash {
                ledger.entries[blockID] = entry
                continue
            }
            guard let observed = observe(data: data, path: path) else {
                entry.fileHash = hash
                ledger.entries[blockID] = entry
                changes.append(BlockChange(blockID: blockID, uid: entry.uid, kind: .edited, oldStart: entry.start, oldEnd: entry.end))
                continue
            }
            if observed.cancelled {
                changes.append(BlockChange(blockID: blockID, uid: entry.uid, kind: .deleted, oldStart: entry.start, oldEnd: entry.end))
                entry.fileHash = hash
                ledger.entries[blockID] = entry
                ledger.userDeleted[blockID] = WriterLedger.Deletion(uid: entry.uid, plan: entry.plan)
                continue
            }
            let moved = observed.start != entry.start || observed.end != entry.end
            changes.append(BlockChange(blockID: blockID, uid: entry.uid, kind: moved ? .moved : .edited, oldStart: entry.start,
                                       oldEnd: entry.end, newStart: observed.start, newEnd: observed.end,
                                       newTitle: observed.title))
            entry.start = observed.start
            entry.end = observed.end
            entry.title = observed.title
            entry.fileHash = hash
            ledger.entries[blockID] = entry
        }
        return changes
    }

    private struct Observed {
        var start: Date
        var end: Date
        var title: String
        var cancelled: Bool
    }

    private func observe(data: Data, path: String) -> Observed? {
        guard let text = String(data: data, encoding: .utf8),
              case .success(let parsed) = ICSParser.parse(text: text, path: path),
              let event = parsed.events.first(where: { $0.recurrenceID == nil }) else { return nil }
        let span = RecurrenceExpander(converter: converter).firstSpan(of: event)
        return Observed(start: Date(timeIntervalSince1970: TimeInterval(span.start)),
                        end: Date(timeIntervalSince1970: TimeInterval(span.end)),
                        title: event.summary, cancelled: event.status == "CANCELLED")
    }

    /// UID → path for every .ics file in the collection (vdirsyncer may rename files).
    private func uidIndex() -> [String: String] {
        guard case .success(let paths) = SourceFileLister.files(at: .vdir(collectionPath)) else { return [:] }
        var index: [String: String] = [:]
        for path in paths {
            guard let data = RegularFile.contents(path), let text = String(data: data, encoding: .utf8),
                  let uid = ICSPropertyScanner.eventProperties(in: text)["UID"] else { continue }
            index[uid] = path
        }
        return index
    }
}
