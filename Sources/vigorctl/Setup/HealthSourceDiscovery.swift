#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Finds health data a phone or a watch leaves on this machine by itself: a Gadgetbridge export or Health Auto Export
/// files in a folder Syncthing, Nextcloud or Dropbox keeps in sync, and a Garmin watch mounted as a USB drive or over
/// MTP. What it finds is offered as `[[health.source]]`; vigord checks each file's content again when it reads it.
struct HealthSourceDiscovery {
    let home: String
    let user: String
    /// `$XDG_CONFIG_HOME`, `$XDG_STATE_HOME`, `$XDG_RUNTIME_DIR` as set (empty counts as unset).
    let environment: [String: String]
    /// Where removable volumes are mounted, each with a folder per user (`/run/media/$USER`, `/media/$USER`).
    var mountRoots = ["/run/media", "/media"]

    /// How deep under a synced folder a phone's export is looked for.
    static let searchDepth = 3

    func discover() -> [FoundHealthSource] {
        var found: [FoundHealthSource] = []
        var seen = Set<String>()
        func add(_ path: String, _ kind: FoundHealthSource.Kind, _ origin: String) {
            let canonical = SetupPaths.canonical(path)
            guard seen.insert(canonical).inserted else { return }
            found.append(FoundHealthSource(path: canonical, kind: kind, origin: origin))
        }
        for (root, origin) in syncedFolders() {
            for file in gadgetbridgeExports(under: root) { add(file, .gadgetbridge, origin) }
            for folder in autoExportFolders(under: root) { add(folder, .healthAutoExport, origin) }
        }
        for folder in garminActivityFolders() { add(folder, .garmin, "mounted watch") }
        return found
    }

    private func variable(_ name: String, or fallback: String) -> String {
        environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }

    /// Folders kept in sync with a phone: Syncthing's (from its config.xml), Nextcloud's and Dropbox's.
    func syncedFolders() -> [(path: String, origin: String)] {
        var folders: [(String, String)] = []
        let configHome = variable("XDG_CONFIG_HOME", or: home + "/.config")
        let stateHome = variable("XDG_STATE_HOME", or: home + "/.local/state")
        if let config = [stateHome + "/syncthing/config.xml", configHome + "/syncthing/config.xml"].first(where: SetupPaths.isFile) {
            for path in Self.syncthingFolders(SetupPaths.text(config) ?? "") {
                folders.append((SetupPaths.expand(path, home: home), "Syncthing"))
            }
        }
        var nextcloud = [home + "/Nextcloud"]
        if let text = SetupPaths.text(configHome + "/Nextcloud/nextcloud.cfg") { nextcloud += Self.nextcloudFolders(text) }
        for folder in nextcloud where SetupPaths.isFolder(folder) { folders.append((folder, "Nextcloud")) }
        if SetupPaths.isFolder(home + "/Dropbox") { folders.append((home + "/Dropbox", "Dropbox")) }
        return folders
    }

    /// The `path` of each `<folder …>` element in Syncthing's config.xml.
    static func syncthingFolders(_ xml: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(xml)
        while let open = rest.firstRange(of: "<folder ") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            if let key = tag.firstRange(of: "path=\""), let end = tag[key.upperBound...].firstIndex(of: "\"") {
                paths.append(xmlUnescaped(String(tag[key.upperBound..<end])))
            }
            rest = rest[close...]
        }
        return paths
    }

    /// The `…\localPath=` folders in the Nextcloud desktop client's nextcloud.cfg.
    static func nextcloudFolders(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            guard let key = line.firstRange(of: "localPath=") else { return nil }
            var path = String(line[key.upperBound...]).trimmingSpaces
            if path.count > 1, path.hasSuffix("/") { path.removeLast() }
            return path.isEmpty ? nil : path
        }
    }

    private static func xmlUnescaped(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    /// Files under `root` that are a Gadgetbridge database export: an SQLite file named like Gadgetbridge's.
    func gadgetbridgeExports(under root: String) -> [String] {
        files(under: root, depth: Self.searchDepth).filter { path in
            let name = Self.lastComponent(path).lowercased()
            return name.hasPrefix("gadgetbridge") && !["-wal", "-journal", "-shm"].contains { name.hasSuffix($0) }
                && Self.prefix(of: path, count: 16) == Array("SQLite format 3\0".utf8)
        }
    }

    /// Folders under `root` holding a Health Auto Export JSON file (a `"data"` object naming metrics or workouts).
    func autoExportFolders(under root: String) -> [String] {
        var folders: [String] = []
        for path in files(under: root, depth: Self.searchDepth) where path.lowercased().hasSuffix(".json") {
            let folder = String(path.dropLast(Self.lastComponent(path).count + 1))
            guard !folders.contains(folder) else { continue }
            let text = String(decoding: Self.prefix(of: path, count: 4096), as: UTF8.self)
            if let data = text.firstRange(of: "\"data\"") {
                let after = text[data.upperBound...]
                if after.contains("\"metrics\"") || after.contains("\"workouts\"") { folders.append(folder) }
            }
        }
        return folders
    }

    /// `GARMIN/Activity` on a watch mounted as a USB drive (`/run/media/$USER/*`, `/media/$USER/*`) or over MTP by
    /// gvfs (`$XDG_RUNTIME_DIR/gvfs/mtp:host=*/<storage>/`).
    func garminActivityFolders() -> [String] {
        var volumes: [String] = []
        for root in mountRoots {
            let base = root + "/" + user
            volumes += SetupPaths.entries(base).map { base + "/" + $0 }
        }
        let gvfs = variable("XDG_RUNTIME_DIR", or: "/run/user/\(getuid())") + "/gvfs"
        for device in SetupPaths.entries(gvfs) where device.hasPrefix("mtp:") {
            volumes += SetupPaths.entries(gvfs + "/" + device).map { gvfs + "/" + device + "/" + $0 }
        }
        return volumes.map { $0 + "/GARMIN/Activity" }.filter(SetupPaths.isFolder)
    }

    /// Regular files at most `depth` folders below `root`, hidden ones left out, in name order.
    private func files(under root: String, depth: Int) -> [String] {
        var result: [String] = []
        for name in SetupPaths.entries(root) {
            let path = root + "/" + name
            if SetupPaths.isFile(path) {
                result.append(path)
            } else if depth > 0, SetupPaths.isFolder(path) {
                result += files(under: path, depth: depth - 1)
            }
        }
        return result
    }

    private static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }

    /// The first `count` bytes; none when the file cannot be read: a file setup cannot read is not offered (vigord,
    /// running as the same user, could not read it either).
    private static func prefix(of path: String, count: Int) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = fread(&bytes, 1, count, file)
        return Array(bytes.prefix(read))
    }
}

/// A health source setup found, as offered and written.
struct FoundHealthSource: Equatable {
    enum Kind: Equatable {
        case gadgetbridge, healthAutoExport, garmin

        /// What it holds, in the user's words.
        var words: String {
            switch self {
            case .gadgetbridge: "Gadgetbridge export"
            case .healthAutoExport: "Health Auto Export files"
            case .garmin: "Garmin watch activities"
            }
        }

        /// `[[health.source]]`'s `format` and the name setup gives the source.
        var format: String {
            switch self {
            case .gadgetbridge: "gadgetbridge"
            case .healthAutoExport: "health-auto-export"
            case .garmin: "fit"
            }
        }

        var name: String {
            switch self {
            case .gadgetbridge: "gadgetbridge"
            case .healthAutoExport: "health-auto-export"
            case .garmin: "garmin"
            }
        }
    }

    let path: String
    let kind: Kind
    /// Where it was found: "Syncthing", "Nextcloud", "Dropbox", "mounted watch".
    let origin: String

    func line(home: String) -> String {
        "\(kind.words) (\(origin)): \(SetupPaths.tilde(path, home: home))"
    }
}

extension String {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let kept = drop { $0 == " " || $0 == "\t" }
        return String(kept.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
