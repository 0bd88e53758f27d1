import Foundation

/// Past calendar events that look like training, by a word of their title ("Gym", "Morning run", "Yoga class"):
/// workout evidence for the absolution when no health file says what the user did. Whole words only, so "Brunch"
/// is no run and "Sprint review" no sprint. The list is in Docs/engine.md.
public enum TrainingTitles {
    /// The words, lower case.
    public static let words: Set<String> = [
        "gym", "run", "running", "jog", "jogging", "yoga", "pilates", "swim", "swimming", "cycling", "bike", "spin",
        "workout", "crossfit", "climbing", "bouldering", "hiit", "lifting", "weights", "tennis", "squash", "badminton",
        "football", "soccer", "basketball", "volleyball", "hike", "hiking", "rowing", "boxing", "fitness", "parkrun",
        "martial", "karate", "judo", "dance", "zumba", "barre",
    ]

    /// True when one word of `title` is a training word.
    public static func looksLikeTraining(_ title: String) -> Bool {
        title.lowercased().split { !$0.isLetter }.contains { words.contains(String($0)) }
    }
}
