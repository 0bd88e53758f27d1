import Foundation

/// Reads and validates `config.toml`. Unknown keys and wrong types are errors that name
/// file, line and key: a typo must never be silently ignored.
public enum ConfigLoader {
    /// Where the file came from: a real file, or defaults because no file exists.
    public enum Origin: String, Sendable {
        case file
        case defaults
    }

    /// A configuration as read: the values, where they came from, and the text they were read from (so the
    /// line of each key can be told later; empty for defaults).
    public struct Loaded: Sendable {
        /// The validated configuration.
        public var config: DaemonConfig
        /// A file, or defaults because there is none.
        public var origin: Origin
        /// The file's text; empty for defaults.
        public var text: String
    }

    /// Loads `path`. A missing file gives defaults only when `mayBeMissing` (the default path);
    /// a file named on the command line must exist.
    public static func load(path: String, mayBeMissing: Bool) throws(ConfigError) -> (DaemonConfig, Origin) {
        let loaded = try read(path: path, mayBeMissing: mayBeMissing)
        return (loaded.config, loaded.origin)
    }

    /// Loads `path` as `load` does and keeps its text.
    public static func read(path: String, mayBeMissing: Bool) throws(ConfigError) -> Loaded {
        guard FileManager.default.fileExists(atPath: path) else {
            if mayBeMissing { return Loaded(config: DaemonConfig(), origin: .defaults, text: "") }
            throw ConfigError(file: path, message: "no such file")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw ConfigError(file: path, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, message: "the file is not UTF-8 text")
        }
        let base = (path as NSString).deletingLastPathComponent
        return Loaded(config: try parse(text, file: path, baseDirectory: base), origin: .file, text: text)
    }

    /// Validates TOML text; relative paths in it resolve against `baseDirectory`.
    public static func parse(_ text: String, file: String, baseDirectory: String) throws(ConfigError) -> DaemonConfig {
        let root = try ConfigTree.parse(text, file: file)
        let reader = ConfigReader(file: file, locator: TOMLKeyLocator(text: text), baseDirectory: baseDirectory)
        return try reader.read(root)
    }
}
