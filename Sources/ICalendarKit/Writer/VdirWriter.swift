import Foundation
import SafeFiles

/// Writes Vigor's blocks into the `vigor` collection of the output vdir and notices edits.
///
/// One .ics per block, file name derived from the UID, atomic writes, and only files it owns
/// are touched: a file is Vigor's when the ledger lists it, or when it carries
/// X-VIGOR-OWNER:vigord and a Vigor file name. Not thread-safe: call from one queue/actor.
public final class VdirWriter: @unchecked Sendable {
    /// `<outputDirectory>/vigor`, the collection khal and vdirsyncer see.
    public let collectionPath: String
    private let ledgerPath: String
    private let displayName: String
    private let color: String
    private let converter: InstantConverter

    /// `ledgerPath` should live in vigord's state directory, outside the vdir.
    public init(outputDirectory: String, ledgerPath: String, timeZone: String,
                displayName: String = "Vigor", color: String = "#8e44ad") throws(CalendarError) {
        guard let zone = ZoneResolver.builtin(timeZone) else { throw .unknownTimeZone(timeZone) }
        collectionPath = (outputDirectory as NSString).appendingPathComponent("vigor")
        self.ledgerPath = ledgerPath
        self.displayName = displayName
        self.color = color
        converter = InstantConverter(floatingZone: zone)
    }

    /// Whether the ledger at `ledgerPath` lists any block written to the calendar (a missing ledger lists none).
    public static func ledgerListsBlocks(at ledgerPath: String) throws(CalendarError) -> Bool {
        !(try WriterLedger.load(from: ledgerPath).entries.isEmpty)
    }

    /// The UID each block was last written under, by block id (what the calendar shows it as now).
    public func writtenUIDs() throws(CalendarError) -> [String: String] {
        try WriterLedger.load(from: ledgerPath).entries.mapValues(\.uid)
    }

    /// The file name each block was last written to (or renamed to by a sync tool), by block id.
    public func writtenFiles() throws(CalendarError) -> [String: String] {
        try WriterLedger.load(from: ledgerPath).entries.mapValues(\.file)
    }

    /// The blocks the user deleted from the collection that are not written again (see `WriteReport.keptDeleted`).
    public func blocksDeletedByUser() throws(CalendarError) -> Set<String> {
        Set(try WriterLedger.load(from: ledgerPath).userDeleted.keys)
    }

    /// File name for a UID: "vigor-" (unless the UID starts with it, as UIDs did before they were random), the UID
    /// with unsafe characters percent-encoded, ".ics". The prefix marks the names vigord may write.
    public static func fileName(forUID uid: String) -> String {
        var name = uid.hasPrefix("vigor-") ? "" : "vigor-"
        for byte in uid.utf8 {
            let scalar = Unicode.Scalar(byte)
            if (scalar.properties.isAlphabetic && byte < 128) || (byte >= 48 && byte <= 57) || "-_.@".unicodeScalars.contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        return name + ".ics"
    }

    /// Makes the collection match `desired`: writes new/changed blocks, removes blocks no
    /// longer wanted, leaves blocks the user just edited as they are (reported in the result).
    /// Throws `refusingMassDelete` without touching anything when `desired` failed to load.
    public func reconcile(_ desired: DesiredBlocks) throws(CalendarError) -> WriteReport {
        guard case .loaded(let blocks) = desired else {
            if case .failedToLoad(let reason) = desired { throw .refusingMassDelete(reason: reason) }
            return WriteReport()
        }
        try ensureCollection()
        try removeInterruptedWrites()
        var ledger = try WriterLedger.load(from: ledgerPath)
        var report = WriteReport()
        report.userChanges = EditDetector(collectionPath: collectionPath, converter: converter).detect(ledger: &ledger)
        let editedNow = Set(report.userChanges.map(\.blockID))
        let wanted = Dictionary(blocks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        for block in blocks.sorted(by: { $0.id < $1.id }) where !editedNow.contains(block.id) {
            if let deletion = ledger.userDeleted[block.id] {
                if deletion.uid == block.uid && (deletion.plan == nil || deletion.plan == block.planFingerprint) {
                    report.keptDeleted.append(block.id)
                    continue
                }
                ledger.userDeleted[block.id] = nil
            }
            if let entry = ledger.entries[block.id], entry.uid != block.uid {
                // The id now names another event (after a purge): the old one leaves, the new one gets its own file.
                try VdirFile.remove((collectionPath as NSString).appendingPathComponent(entry.file))
                ledger.entries[block.id] = nil
            }
            // Keep the name a sync tool may have given the file; new blocks get the UID-derived name.
            let file = ledger.entries[block.id]?.file ?? Self.fileName(forUID: block.uid)
            let path = (collectionPath as NSString).appendingPathComponent(file)
            if let entry = ledger.entries[block.id], entry.fingerprint == block.fingerprint,
               FileManager.default.fileExists(atPath: path) {
                report.unchanged.append(block.id)
                continue
            }
            let bytes = Data(BlockICSRenderer.render(block).utf8)
            try VdirFile.write(bytes, to: path)
            ledger.entries[block.id] = WriterLedger.Entry(uid: block.uid, file: file, start: block.start, end: block.end,
                                                          title: block.title, fingerprint: block.fingerprint,
                                                          plan: block.planFingerprint, fileHash: ContentFingerprint.hex(of: bytes))
            report.written.append(block.id)
        }

        ledger.userDeleted = ledger.userDeleted.filter { wanted[$0.key] != nil }
        for (blockID, entry) in ledger.entries.sorted(by: { $0.key < $1.key })
        where wanted[blockID] == nil && !editedNow.contains(blockID) {
            try VdirFile.remove((collectionPath as NSString).appendingPathComponent(entry.file))
            ledger.entries[blockID] = nil
            report.deleted.append(blockID)
        }
        for orphan in unlistedOwnedFiles(ledger: ledger) where wanted[orphan.blockID] == nil {
            try VdirFile.remove(orphan.path)
            report.deleted.append(orphan.blockID)
        }
        try ledger.save(to: ledgerPath)
        return report
    }

    /// Deletes what writes cut short by a crash left behind: temp files of block files and of the ledger.
    private func removeInterruptedWrites() throws(CalendarError) {
        try VdirFile.removeInterruptedWrites(in: collectionPath) { $0.hasPrefix("vigor-") && $0.hasSuffix(".ics") }
        let ledgerName = (ledgerPath as NSString).lastPathComponent
        try VdirFile.removeInterruptedWrites(in: (ledgerPath as NSString).deletingLastPathComponent) { $0 == ledgerName }
    }

    /// Rescans the collection against the ledger (at start-up, and after each inotify wake-up).
    public func detectEdits() throws(CalendarError) -> [BlockChange] {
        let stored = try WriterLedger.load(from: ledgerPath)
        var ledger = stored
        let changes = EditDetector(collectionPath: collectionPath, converter: converter).detect(ledger: &ledger)
        if ledger != stored {
            try ledger.save(to: ledgerPath)
        }
        return changes
    }

    /// A watcher on the collection folder, for the daemon's event loop.
    public func makeWatcher() throws(CalendarError) -> VdirWatcher {
        try ensureCollection()
        return try VdirWatcher(directory: collectionPath)
    }

    private func ensureCollection() throws(CalendarError) {
        let metadata = [("displayname", displayName), ("color", color)]
        for (name, value) in metadata {
            let path = (collectionPath as NSString).appendingPathComponent(name)
            if FileManager.default.contents(atPath: path) != Data(value.utf8) {
                try VdirFile.write(Data(value.utf8), to: path)
            }
        }
    }

    /// Vigor-named files with X-VIGOR-OWNER that the ledger does not know (e.g. ledger lost).
    private func unlistedOwnedFiles(ledger: WriterLedger) -> [(blockID: String, path: String)] {
        let known = Set(ledger.entries.values.map(\.file))
        guard case .success(let paths) = SourceFileLister.files(at: .vdir(collectionPath)) else { return [] }
        return paths.compactMap { path in
            let name = (path as NSString).lastPathComponent
            guard name.hasPrefix("vigor-"), !known.contains(name),
                  let data = RegularFile.contents(path), let text = String(data: data, encoding: .utf8) else { return nil }
            let properties = ICSPropertyScanner.eventProperties(in: text)
            guard properties["X-VIGOR-OWNER"] == BlockICSRenderer.ownerValue, let blockID = properties["X-VIGOR-BLOCK-ID"],
                  let uid = properties["UID"], Self.fileName(forUID: uid) == name else { return nil }
            return (blockID, path)
        }
    }
}
