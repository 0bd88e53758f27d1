import CivilCalendar
import GhostEngine

/// How demanding a planned session is.
public enum SessionIntensity: String, Codable, Sendable {
    /// Hard training; the only kind an HRV crash transforms.
    case heavy
    /// Ordinary training.
    case moderate
    /// Easy movement.
    case light
}

/// The morning's signals the transformation rules read; missing values never trigger a rule.
public struct MorningSignals: Codable, Sendable, Equatable {
    /// Last night's sleep in minutes.
    public var lastNightSleepMinutes: Int?
    /// This morning's HRV, ms.
    public var hrv: Double?
    /// 7-day HRV baseline, ms.
    public var hrvBaseline7: Double?
    /// The morning check-in said "tired".
    public var feltTired: Bool

    /// Creates signals.
    public init(lastNightSleepMinutes: Int? = nil, hrv: Double? = nil, hrvBaseline7: Double? = nil, feltTired: Bool = false) {
        self.lastNightSleepMinutes = lastNightSleepMinutes
        self.hrv = hrv
        self.hrvBaseline7 = hrvBaseline7
        self.feltTired = feltTired
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        lastNightSleepMinutes = try keys.decodeIfPresent(Int.self, forKey: .lastNightSleepMinutes)
        hrv = try keys.decodeIfPresent(Double.self, forKey: .hrv)
        hrvBaseline7 = try keys.decodeIfPresent(Double.self, forKey: .hrvBaseline7)
        feltTired = try keys.decodeIfPresent(Bool.self, forKey: .feltTired) ?? false
    }
}

/// A change to one block: what it becomes and why, in words and as the engine adjustment.
public struct Transformation: Codable, Sendable, Equatable {
    /// The rule that produced it.
    public let rule: TransformationRule
    /// The engine adjustment (`adjustmentRequested`); the user's revert goes back as `transformationOutcome`.
    public let adjustment: BlockAdjustment
    /// Length before the change.
    public let durationBefore: Int
    /// Length after (0 when removed).
    public let durationAfter: Int
    /// Plain-English reason with the numbers.
    public let reason: String
}

/// What the morning cycle does with a block.
public enum TransformationDecision: Codable, Sendable, Equatable {
    /// Nothing to change.
    case keep
    /// Change it (the ghost may transform: Transformer phase and above, healthy enough, rule not demoted).
    case apply(Transformation)
    /// Suggest the change to the user (the ghost may not transform yet, or the user reverted this rule too often).
    case suggest(Transformation)
}

/// The morning rules: short sleep removes any block; an HRV crash turns a heavy session into a walk; a check-in
/// saying "tired" suggests the walk for a heavy session, never more.
public enum MorningTransformer {
    /// Decides for one block. Sleep is checked first: removing beats shortening. A rule the user reverted
    /// too often (`feedback`) only suggests. When an injury rules out walking (`walkOpen` false), the walk rules
    /// offer rest instead: a kind an injury rules out is never proposed.
    public static func decide(
        intensity: SessionIntensity, durationMinutes: Int, signals: MorningSignals,
        capabilities: TrustCapabilities, rules: TransformationRules,
        feedback: TransformationFeedback = TransformationFeedback(), walkOpen: Bool = true
    ) -> TransformationDecision {
        let change: Transformation
        if let sleep = signals.lastNightSleepMinutes, rules.isShortNight(sleptMinutes: sleep) {
            change = Transformation(
                rule: .shortSleep, adjustment: .remove, durationBefore: durationMinutes, durationAfter: 0,
                reason: "You slept \(sleep) minutes, below the \(rules.minimumSleepMinutes) I need to see "
                    + "before asking you to train; rest today.")
        } else if intensity == .heavy, let hrv = signals.hrv, let baseline = signals.hrvBaseline7, baseline > 0,
                  hrv < baseline * (1 - rules.hrvCrashMargin) {
            let drop = Int(((1 - hrv / baseline) * 100).rounded())
            change = walkOpen ? Transformation(
                rule: .hrvCrash, adjustment: .transform(durationMinutes: rules.recoveryWalkMinutes), durationBefore: durationMinutes,
                durationAfter: rules.recoveryWalkMinutes,
                reason: "Your HRV is \(Percent.text(points: drop)) below your 7-day baseline (more than "
                    + "\(Percent.text(rules.hrvCrashMargin))), so the heavy session becomes a "
                    + "\(rules.recoveryWalkMinutes)-minute recovery walk.")
                : Transformation(
                    rule: .hrvCrash, adjustment: .remove, durationBefore: durationMinutes, durationAfter: 0,
                    reason: "Your HRV is \(Percent.text(points: drop)) below your 7-day baseline (more than "
                        + "\(Percent.text(rules.hrvCrashMargin))), and an injury rules out the recovery walk; rest today.")
        } else if intensity == .heavy, signals.feltTired, !walkOpen {
            return .suggest(Transformation(
                rule: .feltTired, adjustment: .remove, durationBefore: durationMinutes, durationAfter: 0,
                reason: "You said you feel tired; rest today instead of the heavy session? (An injury rules out the walk.)"))
        } else if intensity == .heavy, signals.feltTired {
            return .suggest(Transformation(
                rule: .feltTired, adjustment: .transform(durationMinutes: rules.recoveryWalkMinutes),
                durationBefore: durationMinutes, durationAfter: rules.recoveryWalkMinutes,
                reason: "You said you feel tired; a \(rules.recoveryWalkMinutes)-minute walk instead of the heavy session?"))
        } else {
            return .keep
        }
        let trusted = !feedback.onlySuggests(change.rule, rules: rules)
        return capabilities.canTransform && trusted ? .apply(change) : .suggest(change)
    }
}
