import ArgumentParser

@main
struct VigorBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-bench", abstract: "vigord benchmarks (see Docs/performance.md).",
        subcommands: [RPCLoad.self, DispatchCost.self, SlotFinderCost.self, HealthBench.self, EveningCycleCost.self])
}
