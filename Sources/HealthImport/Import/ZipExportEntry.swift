import ZIPFoundation

/// Finds Apple's `export.xml` inside an export archive (never `export_cda.xml` or the route files).
enum ZipExportEntry {
    /// The path Apple uses.
    static let applePath = "apple_health_export/export.xml"

    static func find(in archive: Archive) -> Entry? {
        if let exact = archive[applePath], exact.type == .file { return exact }
        var best: Entry?
        for entry in archive where entry.type == .file {
            let path = entry.path
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard name == "export.xml", !path.hasPrefix("__MACOSX/") else { continue }
            if best == nil || path.count < best?.path.count ?? Int.max { best = entry }
        }
        return best
    }
}
