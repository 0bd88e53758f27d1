import Foundation

@testable import VigorDaemon
@testable import VigorConfig

/// Reads `text` as a config.toml in /etc/vigor.
func parseConfig(_ text: String) throws(ConfigError) -> DaemonConfig {
    try ConfigLoader.parse(text, file: "config.toml", baseDirectory: "/etc/vigor")
}

/// The error reading `text` as a config.toml gives; nil when it reads.
func configFailure(_ text: String) -> ConfigError? {
    do {
        _ = try parseConfig(text)
        return nil
    } catch {
        return error
    }
}
