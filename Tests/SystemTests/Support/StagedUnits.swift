import Foundation

/// Copies a unit set (`system` or `user`) to a scratch folder with ExecStart= pointing at the built binaries:
/// verify checks that the binary exists, and nothing is installed under /usr/local/bin during tests.
func stageUnits(_ set: String) throws -> (folder: String, units: [String]) {
    let source = Repository.path("systemd/" + set)
    let folder = try makeScratchFolder("units-\(set)")
    var units: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: source).sorted() {
        let text = try String(contentsOfFile: source + "/" + name, encoding: .utf8)
        let staged = text.replacingOccurrences(of: "/usr/local/bin/vigorctl", with: Binaries.vigorctl)
            .replacingOccurrences(of: "/usr/local/bin/vigord", with: Binaries.vigord)
        try staged.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        units.append(folder + "/" + name)
    }
    return (folder, units)
}
