import ArgumentParser
import CivilCalendar
import VigorRPC

/// How the user feels, as typed on the command line; each maps onto the wire's `Feeling`.
enum FeelingArgument: String, ExpressibleByArgument, CaseIterable {
    case tired, ok, good

    var feeling: Feeling {
        switch self {
        case .tired: .tired
        case .ok: .ok
        case .good: .good
        }
    }
}

struct CheckInCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: "Tell the Ghost how you slept and feel this morning (for when no wearable does).",
        discussion: "Counts as evidence for the health profile at a lower weight than a device's data; a night no device recorded takes the hours you give.")

    @Option(name: .long, help: "Hours slept last night, e.g. 6.5.") var slept: Double?
    @Option(name: .long, help: "How you feel: tired, ok or good.") var felt: FeelingArgument?

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard slept != nil || felt != nil else { throw ValidationError("give --slept HOURS, --felt tired|ok|good, or both") }
    }

    func run() throws {
        let client = connection.client
        let result = try CallFailure.perform { () throws(RPCClientError) in
            try client.call(CheckInMethod.self, .init(slept: slept, felt: felt?.feeling))
        }
        if connection.json {
            try JSONOutput.print(result)
            return
        }
        let said = [
            result.sleptMinutes.map { "slept \(Self.hours($0))" }, result.felt.map { "feeling \($0.rawValue)" },
        ].compactMap { $0 }.joined(separator: ", ")
        print("\(result.replaced ? "Updated" : "Noted") for \(result.date): \(said).")
        print("\(result.checkInsLast14Days) check-in(s) in the last 14 days; health \(result.ghost.healthPhaseName), "
            + "confidence \(Percent.text(result.ghost.healthConfidence)).")
    }

    static func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
