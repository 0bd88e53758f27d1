#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Paths as setup reads and writes them: `~` expanded against the home folder, and shown back with it.
enum SetupPaths {
    /// `path` with a leading `~/` expanded; a relative path is taken from `base`.
    static func expand(_ path: String, home: String, base: String? = nil) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        if path.hasPrefix("/") || base == nil { return path }
        return (base ?? "") + "/" + path
    }

    /// `path` with the home folder written as `~`.
    static func tilde(_ path: String, home: String) -> String {
        guard !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// The canonical path (links resolved), or `path` itself when it does not exist.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The account's home folder from the password database, as vigord expands `~/`; nil when there is none.
    static func accountHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The account's name from the password database; nil when there is none.
    static func accountName() -> String? {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The names in a folder (hidden ones left out), sorted; none when it cannot be listed: a folder setup cannot
    /// read holds no calendar it could offer (vigord would not read it either).
    static func entries(_ folder: String) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            return []
        }
    }

    /// A file's text; nil when it cannot be read.
    static func text(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
