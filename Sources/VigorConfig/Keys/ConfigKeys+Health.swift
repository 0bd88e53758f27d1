extension ConfigKeys {
    /// `[health]`: where health files come in.
    public static let health = ConfigTable<DaemonConfig>(["health"], [dropFolder])

    /// The drop folder; its first name, `inbox`, is still read.
    public static let dropFolder = ConfigKey<DaemonConfig>.path(
        "drop_folder", \.health.dropFolderPath, notSet: "$XDG_DATA_HOME/vigor/inbox", restartOnly: true
    ).formerly("inbox", sameness: "the same folder")
}
