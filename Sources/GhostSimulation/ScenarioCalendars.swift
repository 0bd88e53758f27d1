import GhostScheduling

/// A scenario's calendar files, as the real calendar module reads them: adds what they say about a picture's days
/// (busy time, unknown days, protected personal events, travel evidence) to the picture, or marks the picture's
/// calendars unreadable. `vigor-sim` provides it; GhostSimulation knows no calendar module.
public protocol ScenarioCalendars: Sendable {
    /// Adds the calendars' view of `picture`'s days to it.
    func add(to picture: inout WeekPicture)
}

/// One calendar of a scenario: a file next to the scenario, or ICS text in it.
public struct ScenarioCalendarSource: Codable, Sendable, Equatable {
    /// The source's name (a conflict names it: `'Standup' (work)`).
    public var name: String
    /// Path of an .ics file, relative to the scenario file.
    public var path: String?
    /// The calendar itself, as text or lines.
    public var ics: String?

    /// Creates a source.
    public init(name: String, path: String? = nil, ics: String? = nil) {
        self.name = name
        self.path = path
        self.ics = ics
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        name = try keys.decode(String.self, forKey: .name)
        path = try keys.decodeIfPresent(String.self, forKey: .path)
        guard keys.contains(.ics) else { return }
        do {
            ics = try keys.decode(String.self, forKey: .ics)
        } catch DecodingError.typeMismatch {
            ics = try keys.decode([String].self, forKey: .ics).map { $0 + "\r\n" }.joined()
        }
    }
}
