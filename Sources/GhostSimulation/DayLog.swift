import GhostEngine
import GhostScheduling

/// What one simulated day produced, collected from the ghost's effects.
struct DayLog {
    var deletions = 0
    var breakerFirings = 0
    var apologies: [String] = []
    var phaseChanges: [String] = []
    var healthChanges: [String] = []
    var triage: [String] = []
    var suggestions: [String] = []
    var receipts: [ReceiptRecord] = []
    /// The commands and clicks the user made, in order (`accept b3`, `checkin`, …).
    var interactions: [String] = []
    /// The workout the user did, if any.
    var workout: WorkoutRecord?
    /// The evening's tally of tomorrow's training week.
    var week: WeekTally?
    /// Questions the Ghost asked the user: proposals, move proposals, triage questions.
    var questions = 0

    /// Records the effects that matter to the trajectory.
    mutating func absorb(_ effects: [GhostEffect]) {
        for effect in effects {
            switch effect {
            case .downgrade:
                breakerFirings += 1
            case .apologise(let text):
                apologies.append(text)
            case .phaseChanged(let change):
                phaseChanges.append("\(change.from.rawValue)→\(change.to.rawValue) (\(change.cause.rawValue))")
            case .healthPhaseChanged(let change):
                healthChanges.append("\(change.from.rawValue)→\(change.to.rawValue)")
            case .askTriage(let id):
                triage.append("asked \(id)")
                questions += 1
            case .proposeBlock, .proposeMove:
                questions += 1
            case .missResolved(let id, let reason):
                triage.append("\(id): \(reason.rawValue)")
            case .slotBecameSacred(let slot):
                triage.append("sacred \(slot)")
            case .recordReceipt(let receipt):
                receipts.append(ReceiptRecord(
                    id: receipt.id, action: receipt.action, inputHash: receipt.inputHash, reason: receipt.reason))
            default:
                continue
            }
        }
    }
}
