import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

/// `vigorctl config` over the real socket: the configuration in force with each value's source, after a reload too.
@Suite(.removesScratchFolders, .serialized) struct ConfigCommandTests {
    @Test func vigorctlConfigShowsEachValueWithItsSourceAndFollowsAReload() throws {
        let daemon = try DaemonHarness(
            label: "config-show", config: "[training]\nearliest = \"06:30\"\nrest_days = [\"Sat\"]\n\n[engine.travel]\nfar_distance_kilometres = 50\n")
        try daemon.start()
        let socket = ["--socket", daemon.socketPath]
        let shown = try runCommand(Binaries.vigorctl, ["config"] + socket)
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        func line(_ key: String, after table: String) -> String? {
            guard let start = lines.firstIndex(of: "[\(table)]") else { return nil }
            return lines[(start + 1)...].prefix { !$0.hasPrefix("[") }.first { $0.hasPrefix(key + " ") }
        }
        let path = daemon.configPath
        #expect(line("earliest", after: "training")?.contains(#"= "06:30""#) == true)
        #expect(line("earliest", after: "training")?.hasSuffix("# \(path):2") == true)
        #expect(line("rest_days", after: "training")?.contains(#"["saturday"]"#) == true)
        #expect(line("latest", after: "training")?.hasSuffix("# default") == true)
        #expect(line("far_distance_kilometres", after: "engine.travel")?.hasSuffix("# \(path):6") == true)
        #expect(line("weekend_morning_until", after: "engine.sacred")?.contains(#""09:00""#) == true)
        // The folders vigord runs with, wherever they came from: here its flags.
        #expect(line("state_dir", after: "daemon")?.contains("= \"\(daemon.folder)/state\"") == true, "\(shown.stdout)")
        #expect(line("state_dir", after: "daemon")?.hasSuffix("# --state-dir") == true, "\(shown.stdout)")
        #expect(line("socket", after: "daemon")?.contains("= \"\(daemon.socketPath)\"") == true, "\(shown.stdout)")
        #expect(line("socket", after: "daemon")?.hasSuffix("# --socket") == true, "\(shown.stdout)")

        // The same file with other settings; the harness's own lines (scratch folders) stay.
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(written.range(of: "[health]"))
        try ("[training]\nrest_days = [\"sun\", \"sat\"]\n\n" + written[start.lowerBound...])
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try runCommand(Binaries.vigorctl, ["reload"] + socket).status == 0)
        let json = try runCommand(Binaries.vigorctl, ["config", "--json"] + socket)
        #expect(json.status == 0, "\(json.stderr)")
        let effective = try JSONDecoder().decode(EffectiveConfig.self, from: Data(json.stdout.utf8))
        let training = try #require(effective.tables.first { $0.name == "training" })
        #expect(training.keys.first { $0.key == "rest_days" } == EffectiveConfig.Key(key: "rest_days", value: #"["sunday", "saturday"]"#, source: "\(path):2"))
        #expect(training.keys.first { $0.key == "earliest" }?.source == "default")
        let travel = try #require(effective.tables.first { $0.name == "engine.travel" })
        #expect(travel.keys.first { $0.key == "far_distance_kilometres" }?.source == "default")
        #expect(effective.configSource == "file")
    }

    @Test func aMisspelledSchedulingSettingStopsTheStartWithItsLineAndTheKeyMeant() throws {
        let (folder, path, result) = try startVigord(withConfig: "[training]\nearliest = \"07:00\"\n\n[engine.slots]\nstep_minuts = 5\n", label: "config-typo")
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(path):5: key 'engine.slots.step_minuts': unknown engine rule (did you mean 'step_minutes'?)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }
}
