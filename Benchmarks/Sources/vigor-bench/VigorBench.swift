import ArgumentParser

@main
struct VigorBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigor-bench", abstract: "Clients of vigord's API for its benchmarks (see Benchmarks/README.md).",
        subcommands: [RPCLoad.self, CycleRun.self])
}
