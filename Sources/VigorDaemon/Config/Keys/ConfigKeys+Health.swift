extension ConfigKeys {
    /// `[health]`: where health files come in.
    static let health = ConfigTable<DaemonConfig>(["health"], [dropFolder])

    /// The drop folder; its first name, `inbox`, is still read.
    static let dropFolder = ConfigKey<DaemonConfig>(
        "drop_folder", "string", oldName: .init(name: "inbox", sameness: "the same folder"),
        restartOnly: .value(\.health.dropFolderPath),
        read: { input, config throws(ConfigError) in config.health.dropFolderPath = try input.path() },
        show: { $0.health.dropFolderPath.map(TOMLText.quoted) ?? "# not set: $XDG_DATA_HOME/vigor/inbox" })
}
