import Foundation

/// Keeps the shadow collection: one busy-only event per committed block, for pushing to a work calendar.
///
/// One-way: a file of its own that differs from what it would write (edited in a calendar app, rewritten by a sync
/// tool) is written again, one it no longer wants is removed, and a file it did not write is never touched. It keeps
/// no ledger: its files are the `vigor-*.ics` regular files with its PRODID. Writes are atomic and never follow a
/// link planted in the folder (a link is replaced, never written through or read).
public struct ShadowWriter: Sendable {
    /// The collection folder (files go straight into it).
    public let collectionPath: String

    public init(collectionPath: String) {
        self.collectionPath = collectionPath
    }

    /// Makes the collection hold exactly `events`.
    public func reconcile(_ events: [ShadowEvent]) throws(CalendarError) -> ShadowReport {
        do {
            try FileManager.default.createDirectory(atPath: collectionPath, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: collectionPath, reason: "cannot create the folder: \(error.localizedDescription)")
        }
        try VdirFile.removeInterruptedWrites(in: collectionPath) { $0.hasPrefix("vigor-") && $0.hasSuffix(".ics") }
        var report = ShadowReport()
        var wanted: Set<String> = []
        for event in events.sorted(by: { $0.identity.uid < $1.identity.uid }) {
            let name = VdirWriter.fileName(forUID: event.identity.uid)
            wanted.insert(name)
            let path = (collectionPath as NSString).appendingPathComponent(name)
            let bytes = Data(ShadowICSRenderer.render(event).utf8)
            if VdirFile.readOurFile(path) == bytes {
                report.unchanged.append(event.identity.uid)
                continue
            }
            try VdirFile.write(bytes, to: path)
            report.written.append(event.identity.uid)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: collectionPath)
        } catch {
            throw .writeFailed(path: collectionPath, reason: "cannot list it: \(error.localizedDescription)")
        }
        for name in names.sorted() where name.hasPrefix("vigor-") && name.hasSuffix(".ics") && !wanted.contains(name) {
            let path = (collectionPath as NSString).appendingPathComponent(name)
            guard let data = VdirFile.readOurFile(path), ShadowICSRenderer.isOurs(String(decoding: data, as: UTF8.self)) else {
                continue
            }
            try VdirFile.remove(path)
            report.deleted.append(name)
        }
        return report
    }
}
