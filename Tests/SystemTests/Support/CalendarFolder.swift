import Foundation

/// The file in a collection vigord wrote that carries `X-VIGOR-BLOCK-ID:<block>`, or nil.
func blockFile(in collection: String, block: String) throws -> String? {
    for name in try FileManager.default.contentsOfDirectory(atPath: collection).sorted() where name.hasSuffix(".ics") {
        let path = collection + "/" + name
        if try String(contentsOfFile: path, encoding: .utf8).contains("\r\nX-VIGOR-BLOCK-ID:\(block)\r\n") { return path }
    }
    return nil
}
