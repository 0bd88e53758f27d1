/// Which morning rule produced a change: the scheduling rules name it, a block's `BlockTransformation` keeps its raw
/// value, and feedback is learned per rule.
public enum TransformationRule: String, Codable, Sendable, CaseIterable {
    /// Last night's sleep below the minimum: remove the block.
    case shortSleep
    /// HRV crashed: a heavy session becomes a walk.
    case hrvCrash
    /// The morning check-in says "tired": a heavy session could be a walk. A self-report only ever suggests.
    case feltTired
}
