import Foundation

/// FNV-1a 64-bit hash as hex: a fast, stable content fingerprint (not a security hash).
enum ContentFingerprint {
    static func hex(of text: String) -> String {
        hex(of: Data(text.utf8))
    }

    static func hex(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx", hash)
    }
}
