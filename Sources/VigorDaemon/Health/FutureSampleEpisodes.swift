/// Health files that bring samples from the future (a phone whose clock is ahead), as one episode per folder the
/// files come from (a watched source's folder, the drop folder): the intake logs when the first import of a folder
/// refuses such samples and when a later import from there refuses none, not at every import in between.
struct FutureSampleEpisodes {
    /// What one import changed.
    enum Change: Equatable {
        /// The folder's files began bringing samples from the future.
        case began
        /// An import from the folder brought none after an episode.
        case ended
        case unchanged
    }

    private var folders: Set<String> = []

    /// Notes an import of a file in `folder` that refused `refused` samples from the future.
    mutating func imported(from folder: String, refused: Int) -> Change {
        if refused > 0 { return folders.insert(folder).inserted ? .began : .unchanged }
        return folders.remove(folder) == nil ? .unchanged : .ended
    }
}
