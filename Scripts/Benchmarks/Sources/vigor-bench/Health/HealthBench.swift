import ArgumentParser

/// `vigor-bench health …`: generate realistic Apple Health exports and measure HealthImport on them.
struct HealthBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Generate Apple Health exports and measure HealthImport on them.",
        subcommands: [HealthGenerate.self, HealthGenerateZip.self, HealthImportCost.self])
}
