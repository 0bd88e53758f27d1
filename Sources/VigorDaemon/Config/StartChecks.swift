import ICalendarKit
import SafeFiles
import Foundation
import VigorConfig

#if canImport(Glibc)
import Glibc
#endif

/// What a start requires of the folders a valid configuration names, checked the same way by a start and by
/// `vigord --check-config` (one checker, so the two cannot drift): vigord's calendar, the shadow calendar and the
/// health drop folder must each be a folder or a path where one can be created, and the shadow calendar must lie outside
/// vigord's calendar. Reads the file system, creates nothing; an error names file, line and key like any other.
public enum StartChecks {
    /// - Parameters:
    ///   - loaded: the configuration as read (its text gives the lines).
    ///   - file: the configuration file's path, for messages.
    /// - Throws: `ConfigError` for the first folder a start would refuse.
    public static func check(
        _ loaded: ConfigLoader.Loaded, file: String, environment: [String: String], uid: UInt32
    ) throws(ConfigError) {
        let config = loaded.config
        let reader = ConfigReader(
            file: file, locator: TOMLKeyLocator(text: loaded.text), baseDirectory: (file as NSString).deletingLastPathComponent)
        let output = config.calendar.outputPath ?? ConfigPaths.defaultCalendarOutput(environment: environment, uid: uid)
        let outputPlace = ConfigReader.Place(table: ConfigKeys.calendarOutput.path)
        if let problem = folderProblem(output) ?? folderProblem((output as NSString).appendingPathComponent("vigor")) {
            throw reader.error(outputPlace, ConfigKeys.outputPath.name, "vigord's calendar \(output) \(problem)")
        }
        if let shadow = config.calendar.shadow {
            let shadowPlace = ConfigReader.Place(table: ConfigKeys.calendarShadow.path)
            let folder = (shadow.path as NSString).standardizingPath
            let root = (output as NSString).standardizingPath
            guard folder != root, !folder.hasPrefix(root + "/"), !root.hasPrefix(folder + "/") else {
                throw reader.error(
                    shadowPlace, ConfigKeys.shadowPath.name,
                    "\(shadow.path) must lie outside [calendar.output] path \(output) (and not hold it): "
                        + "the sync of vigord's own calendar would carry the busy events along")
            }
            if let problem = folderProblem(folder) {
                throw reader.error(shadowPlace, ConfigKeys.shadowPath.name, "the shadow calendar \(folder) \(problem)")
            }
        }
        let dropFolder = config.health.dropFolderPath ?? ConfigPaths.defaultHealthDropFolder(environment: environment, uid: uid)
        if let problem = folderProblem(dropFolder) {
            // The key as the file names it: its old name is still read.
            let table = ConfigKeys.health.path
            let key = ConfigKeys.dropFolder
            let spelled = key.oldName.flatMap { reader.locator.line(table: table, key: $0.name) != nil ? $0.name : nil } ?? key.name
            throw reader.error(ConfigReader.Place(table: table), spelled, "the health drop folder \(dropFolder) \(problem)")
        }
    }

    /// Why `path` cannot serve as a folder vigord writes into, or nil when it can: it is a folder (or a link to one), or
    /// it is missing and its nearest existing ancestor is a folder vigord may create entries in.
    static func folderProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "is \(FileKind.name(of: info.st_mode)), not a folder"
        }
        // ENOTDIR: a file stands where a folder on the way should be; the walk up below names it.
        guard errno == ENOENT || errno == ENOTDIR else { return "cannot be checked: \(String(cString: strerror(errno)))" }
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty {
            if stat(ancestor, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    return "cannot be created: \(ancestor) is \(FileKind.name(of: info.st_mode)), not a folder"
                }
                guard access(ancestor, W_OK | X_OK) == 0 else {
                    return "cannot be created in \(ancestor): \(String(cString: strerror(errno)))"
                }
                return nil
            }
            guard errno == ENOENT || errno == ENOTDIR else { return "cannot be created: \(ancestor): \(String(cString: strerror(errno)))" }
            if ancestor == "/" { break }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return nil
    }
}
