extension ConfigKeys {
    /// `[profile]`: what the user trains with and what hurts, in their words.
    static let profile = ConfigTable<DaemonConfig>(["profile"], [
        ConfigKey(
            "equipment", "array of at most 20 strings, 1–100 characters each",
            read: { input, config throws(ConfigError) in config.profile.equipment = try input.words() },
            show: { TOMLText.list($0.profile.equipment.map(TOMLText.quoted)) }),
        ConfigKey(
            "injuries", "array of at most 20 strings, 1–100 characters each",
            read: { input, config throws(ConfigError) in config.profile.injuries = try input.words() },
            show: { TOMLText.list($0.profile.injuries.map(TOMLText.quoted)) }),
    ])
}
