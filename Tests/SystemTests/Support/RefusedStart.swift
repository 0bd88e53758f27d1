import Foundation

/// Starts vigord with `config` as its config.toml in a scratch folder, for a start that must be refused: the
/// folder, the file's path and what vigord answered.
func startVigord(withConfig config: String, label: String) throws
    -> (folder: String, path: String, result: (status: Int32, stdout: String, stderr: String))
{
    let folder = try makeScratchFolder(label)
    let path = folder + "/config.toml"
    try config.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try runCommand(
        Binaries.vigord, ["--config", path, "--socket", folder + "/s.sock", "--state-dir", folder + "/state"],
        environment: try TestNow.vigordEnvironment())
    return (folder, path, result)
}
