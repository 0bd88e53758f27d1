import ArgumentParser
import VigorRPC

struct RecoveryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recovery", abstract: "Show the morning recovery scores, what they were made of and how fresh that data was.")

    @Option(name: .long, help: "Mornings to show, ending today (1-366).") var days = 7
    @Flag(name: .long, help: "List every input with its source.") var inputs = false

    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(RecoveryHistoryMethod.self, .init(days: days))
        }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        guard !result.days.isEmpty else {
            print("No recovery score in the last \(days) day(s): the morning cycle scores from sleep, HRV, resting heart rate and training once it has them.")
            return
        }
        for day in result.days {
            let parts = day.components.map { "\($0.name) \(Int(($0.value * 100).rounded()))" }.joined(separator: ", ")
            let age = day.dataAgeSeconds.map { " data \(Self.age($0)) old," } ?? ""
            print("\(day.date)  \(Int(day.score.rounded()))/100  (\(parts));\(age) \(SourceText.freshness(day.freshness)); \(day.formula)")
            for (formula, score) in day.earlier.sorted(by: { $0.key < $1.key }) {
                print("            was \(Int(score.rounded()))/100 with \(formula)")
            }
            if inputs {
                for input in day.inputs {
                    print("            \(input.name) = \(Self.number(input.value)) from \(input.source) at \(input.recordedAt)")
                }
            }
        }
    }

    static func age(_ seconds: Int) -> String {
        seconds < 60 ? "under a minute" : seconds < 3600 ? "\(seconds / 60) min" : seconds < 172_800 ? "\(seconds / 3600) h" : "\(seconds / 86_400) days"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : TextFormat.fixed(value, places: 1)
    }
}
