/// What a training block is for: the kinds of session vigord proposes. Which one a block gets is decided in
/// GhostScheduling (`SessionKindChoice`) from the user's equipment, injuries and the week so far; the rule and the
/// injury table are in Docs/engine.md.
public enum SessionKind: String, VocabularyWord {
    case run
    case strength
    case ride
    case swim
    case mobility
    case walk

    /// The calendar title of a block of this kind: "Run", "Strength training".
    public var title: String {
        switch self {
        case .run: "Run"
        case .strength: "Strength training"
        case .ride: "Ride"
        case .swim: "Swim"
        case .mobility: "Mobility"
        case .walk: "Walk"
        }
    }

    /// The kind as a noun in a sentence: "a run", "strength training".
    public var phrase: String {
        switch self {
        case .run: "a run"
        case .strength: "strength training"
        case .ride: "a ride"
        case .swim: "a swim"
        case .mobility: "mobility work"
        case .walk: "a walk"
        }
    }

    /// What the minutes are spent on: "45 minutes of running".
    public var activity: String {
        switch self {
        case .run: "running"
        case .strength: "strength training"
        case .ride: "cycling"
        case .swim: "swimming"
        case .mobility: "mobility and stretching"
        case .walk: "walking"
        }
    }

    /// Typical length of a session of this kind. A ride or a swim (the kinds that need equipment) is not proposed in a
    /// shorter session: not worth setting up for less. The others fit any session (`duration_minutes` is at least 10).
    public var typicalMinutes: Int {
        switch self {
        case .run: 30
        case .strength: 30
        case .ride: 45
        case .swim: 30
        case .mobility: 20
        case .walk: 20
        }
    }
}
