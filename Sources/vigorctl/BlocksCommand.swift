import ArgumentParser
import CivilCalendar
import VigorRPC

struct BlocksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blocks", abstract: "List the Ghost's blocks and what became of them.",
        discussion: "Times are RFC 3339 or local dates (2026-11-23).")

    @Option(name: .long, help: "Start (default: today).") var from: String?
    @Option(name: .long, help: "End, exclusive (default: seven days after --from's day: today and the next 6 days).") var to: String?
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in try client.call(BlocksListMethod.self, .init(from: from, to: to)) }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        print(BlocksHeading.text(from: result.from, to: result.to, isDefault: from == nil && to == nil))
        if result.blocks.isEmpty { print("No blocks.") }
        for block in result.blocks {
            print("\(block.id)  \(DayText.moment(block.start))–\(PlanText.clock(block.end))\(PlanText.kind(block.kind))  "
                + "\(block.status)\(Self.origin(block))\(PlanText.change(block))")
        }
    }

    /// How the block came to be, where its state does not already say it: " (accepted)" for a proposal the user said
    /// yes to, alone or with the week (the weekly Yes writes each session as an accepted proposal), " (by the Ghost)"
    /// for one the Ghost wrote on its own.
    static func origin(_ block: BlockView) -> String {
        if block.origin == "auto" { return " (by the Ghost)" }
        return ["proposed", "declined", "expired"].contains(block.status) ? "" : " (accepted)"
    }
}
