/// A stable hash of a decision's input snapshot (FNV-1a 64), identical on every platform and run.
/// Swift's `Hasher` is seeded per process, so it cannot be used for persisted hashes.
public enum InputSnapshotHash {
    /// Hex digest of the canonical snapshot: one `name=value` line per input, in the given order.
    public static func hash(_ inputs: [ReceiptInput]) -> String {
        fnv1a(inputs.map { "\($0.name)=\($0.value)\n" }.joined())
    }

    /// FNV-1a 64 of the UTF-8 bytes of `text`, as 16 lowercase hex digits.
    public static func fnv1a(_ text: String) -> String {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state &*= 0x0000_0100_0000_01B3
        }
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
