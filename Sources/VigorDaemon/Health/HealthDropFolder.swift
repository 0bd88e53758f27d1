import Foundation

/// The health drop folder's layout and moves: a file dropped in it goes to `done/` once imported,
/// or to `failed/` with `NAME.reason.txt` beside it. Names never collide: a repeat gets a numbered suffix.
struct HealthDropFolder: Sendable {
    let path: String
    var done: String { path + "/done" }
    var failed: String { path + "/failed" }

    /// Creates the folders (0700: health data is private).
    func prepare() throws(DaemonError) {
        for folder in [path, done, failed] {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .health("cannot create \(folder): \(error.localizedDescription)")
            }
        }
    }

    /// True for a file the drop folder should import: not hidden, not a partial download.
    static func isCandidate(_ name: String) -> Bool {
        !name.hasPrefix(".") && ![".part", ".partial", ".tmp", ".crdownload", ".reason.txt"].contains { name.hasSuffix($0) }
    }

    /// Regular files waiting in the drop folder, by name.
    func waiting() throws(DaemonError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .health("cannot list \(path): \(error.localizedDescription)")
        }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return Self.isCandidate(name) && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Moves an imported file to `done/`; returns where it went.
    func markDone(_ name: String) throws(DaemonError) -> String {
        try move(name, to: done)
    }

    /// Moves a file that could not be imported to `failed/` with the reason beside it. The reason is written first: when
    /// it cannot be (a full disk), the file stays in the drop folder for the next pass, so no file sits in `failed/` unexplained.
    func markFailed(_ name: String, reason: String) throws(DaemonError) -> String {
        let target = freeName(name, in: failed)
        let reasonFile = target + ".reason.txt"
        do {
            try (reason + "\n").write(toFile: reasonFile, atomically: true, encoding: .utf8)
        } catch {
            throw .health("cannot write \(reasonFile), so \(name) stays in the drop folder: \(error.localizedDescription)")
        }
        do {
            try FileManager.default.moveItem(atPath: path + "/" + name, toPath: target)
        } catch {
            let moveError = error.localizedDescription
            do {
                try FileManager.default.removeItem(atPath: reasonFile)
            } catch {
                throw .health("cannot move \(name) to \(failed) (\(moveError)), nor remove \(reasonFile): \(error.localizedDescription)")
            }
            throw .health("cannot move \(name) to \(failed): \(moveError)")
        }
        return target
    }

    private func move(_ name: String, to folder: String) throws(DaemonError) -> String {
        let target = freeName(name, in: folder)
        do {
            try FileManager.default.moveItem(atPath: path + "/" + name, toPath: target)
        } catch {
            throw .health("cannot move \(name) to \(folder): \(error.localizedDescription)")
        }
        return target
    }

    /// `folder/name`, or a numbered name when that is taken.
    private func freeName(_ name: String, in folder: String) -> String {
        var target = folder + "/" + name
        var number = 2
        while FileManager.default.fileExists(atPath: target) {
            target = folder + "/" + Self.numbered(name, number)
            number += 1
        }
        return target
    }

    /// `export.zip` → `export-2.zip`.
    static func numbered(_ name: String, _ number: Int) -> String {
        let base = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        return suffix.isEmpty ? "\(base)-\(number)" : "\(base)-\(number).\(suffix)"
    }
}
