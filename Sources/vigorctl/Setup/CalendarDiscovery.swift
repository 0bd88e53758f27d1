/// Finds the user's calendars where Linux calendar programs keep them: khal's configuration, vdirsyncer's local
/// storages (and its CalDAV storages not synced yet), `~/.calendars`, Evolution's local calendars, and `.ics`
/// files in the usual folders. A configuration it cannot read is reported in `problems`; discovery goes on.
struct CalendarDiscovery {
    let home: String
    /// `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$VDIRSYNCER_CONFIG` as set (empty counts as unset).
    let environment: [String: String]
    /// Folders never offered: vigord's own output and shadow collections.
    var excluded: [String] = []

    private var configHome: String { environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config" }
    private var dataHome: String { environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share" }

    func discover() -> DiscoveryReport {
        var report = DiscoveryReport()
        var found: [(path: String, origin: String)] = []
        khal(&found, &report)
        vdirsyncer(&found, &report)
        for folder in vdirs(under: home + "/.calendars") { found.append((folder, "~/.calendars")) }
        for name in SetupPaths.entries(dataHome + "/evolution/calendar") {
            let file = dataHome + "/evolution/calendar/" + name + "/calendar.ics"
            if SetupPaths.isFile(file) { found.append((file, "Evolution")) }
        }
        for folder in ["", "/Calendars", "/Calendar", "/calendars", "/Documents", "/Downloads"] {
            for name in SetupPaths.entries(home + folder) where name.lowercased().hasSuffix(".ics") {
                let file = home + folder + "/" + name
                if SetupPaths.isFile(file) { found.append((file, "file")) }
            }
        }
        var seen = Set(excluded.map(SetupPaths.canonical))
        var names = Set<String>()
        for (path, origin) in found {
            let canonical = SetupPaths.canonical(path)
            guard !seen.contains(canonical), !excluded.contains(where: { canonical.hasPrefix(SetupPaths.canonical($0) + "/") }) else { continue }
            seen.insert(canonical)
            report.calendars.append(Self.calendar(at: canonical, origin: origin, names: &names))
        }
        return report
    }

    /// A found calendar, counted, with a source name no other one has.
    static func calendar(at path: String, origin: String, names: inout Set<String>) -> FoundCalendar {
        let count = ICSCount.of(path)
        var base = String(path.split(separator: "/").last ?? "calendar")
        if base.lowercased().hasSuffix(".ics") { base = String(base.dropLast(4)) }
        if base == "calendar", origin == "Evolution" { base = String(path.split(separator: "/").dropLast().last ?? "evolution") }
        base = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        if base.isEmpty { base = "calendar" }
        var name = base
        var suffix = 2
        while names.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        names.insert(name)
        return FoundCalendar(
            name: name, path: path, origin: origin, events: count.events, firstDate: ICSCount.date(count.first),
            lastDate: ICSCount.date(count.last), repeating: count.repeating, zones: count.zones)
    }

    /// The vdirs at or under `root`: a folder with `.ics` files, else each sub-folder that is one (vdirsyncer's layout).
    func vdirs(under root: String) -> [String] {
        guard SetupPaths.isFolder(root) else { return [] }
        let names = SetupPaths.entries(root)
        if names.contains(where: { $0.hasSuffix(".ics") }) { return [root] }
        return names.map { root + "/" + $0 }.filter(SetupPaths.isFolder).flatMap { folder -> [String] in
            SetupPaths.entries(folder).contains { $0.hasSuffix(".ics") } ? [folder] : []
        }
    }

    /// khal's calendars: `[calendars]` → `[[name]]` → `path` (with `type = discover`, a `*` glob of folders).
    /// khal's configuration file, where khal looks for it; nil when khal is not set up.
    var khalConfig: String? {
        [configHome + "/khal/config", home + "/.khal/khal.conf"].first(where: SetupPaths.isFile)
    }

    private func khal(_ found: inout [(path: String, origin: String)], _ report: inout DiscoveryReport) {
        guard let file = khalConfig else { return }
        guard let text = SetupPaths.text(file) else {
            report.problems.append("khal's configuration \(SetupPaths.tilde(file, home: home)) cannot be read; its calendars are left out")
            return
        }
        let ini = INIText(text)
        for problem in ini.problems {
            report.problems.append("khal's configuration \(SetupPaths.tilde(file, home: home)), \(problem) (left out)")
        }
        let calendars = ini.sections.filter { $0.depth == 2 && $0.parent == "calendars" }
        if calendars.isEmpty {
            report.problems.append("khal's configuration \(SetupPaths.tilde(file, home: home)) names no calendar ([calendars] with [[name]] and path)")
        }
        for section in calendars {
            guard let path = section.values["path"] else {
                report.problems.append("khal's calendar '\(section.name)' has no path; left out")
                continue
            }
            let expanded = SetupPaths.expand(path, home: home)
            let folders = expanded.contains("*") ? Self.glob(expanded) : [expanded]
            if folders.isEmpty || !folders.allSatisfy({ SetupPaths.isFolder($0) || SetupPaths.isFile($0) }) {
                report.problems.append("khal's calendar '\(section.name)' points to \(path), which does not exist; left out")
                continue
            }
            for folder in folders { found.append((folder, "khal")) }
        }
    }

    /// vdirsyncer's `filesystem` storages (their collections), and its CalDAV storages whose local side holds nothing yet.
    private func vdirsyncer(_ found: inout [(path: String, origin: String)], _ report: inout DiscoveryReport) {
        let candidates = [environment["VDIRSYNCER_CONFIG"] ?? "", configHome + "/vdirsyncer/config", home + "/.vdirsyncer/config"]
        guard let file = candidates.first(where: { !$0.isEmpty && SetupPaths.isFile($0) }), let text = SetupPaths.text(file) else { return }
        let ini = INIText(text)
        for problem in ini.problems {
            report.problems.append("vdirsyncer's configuration \(SetupPaths.tilde(file, home: home)), \(problem) (left out)")
        }
        let storages = Dictionary(
            ini.sections.filter { $0.name.hasPrefix("storage ") }.map { (String($0.name.dropFirst(8)).trimmingSpaces, $0.values) },
            uniquingKeysWith: { first, _ in first })
        var synced = Set<String>()
        for (name, values) in storages where values["type"] == "filesystem" {
            guard let path = values["path"] else { continue }
            let folders = vdirs(under: SetupPaths.expand(path, home: home))
            if !folders.isEmpty { synced.insert(name) }
            for folder in folders { found.append((folder, "vdirsyncer")) }
        }
        for pair in ini.sections where pair.name.hasPrefix("pair ") {
            guard let a = pair.values["a"], let b = pair.values["b"] else { continue }
            for (local, remote) in [(a, b), (b, a)] where !synced.contains(local) && storages[local]?["type"] == "filesystem" {
                guard let values = storages[remote], ["caldav", "google_calendar"].contains(values["type"] ?? "") else { continue }
                report.remote.append(RemoteCalendar(
                    name: String(pair.name.dropFirst(5)).trimmingSpaces, url: values["url"] ?? "https://apidata.googleusercontent.com/caldav/v2/",
                    username: values["username"], origin: "vdirsyncer (not synced yet)"))
            }
        }
    }

    /// The folders matching a path whose components may hold one `*` (khal's `type = discover`).
    static func glob(_ pattern: String) -> [String] {
        var results = [""]
        for component in pattern.split(separator: "/") {
            results = results.flatMap { parent -> [String] in
                guard component.contains("*") else { return [parent + "/" + component] }
                let parts = component.split(separator: "*", omittingEmptySubsequences: false)
                let prefix = String(parts.first ?? ""), suffix = String(parts.last ?? "")
                return SetupPaths.entries(parent.isEmpty ? "/" : parent)
                    .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) && $0.count >= prefix.count + suffix.count }
                    .map { parent + "/" + $0 }.filter(SetupPaths.isFolder)
            }
        }
        return results.filter { !$0.isEmpty }
    }
}
