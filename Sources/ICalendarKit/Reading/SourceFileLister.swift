import Foundation

/// Lists the .ics files that make up a local source.
enum SourceFileLister {
    /// The file itself, or every `*.ics` file of a vdir (hidden files, `.tmp` files and files
    /// without the extension are ignored). A folder with no .ics files of its own is read as a
    /// folder of collections, one level down, as vdirsyncer lays them out.
    static func files(at location: CalendarSourceConfig.Location) -> Result<[String], CalendarError> {
        switch location {
        case .file(let path):
            return .success([path])
        case .url:
            return .success([])
        case .vdir(let path):
            let top: Folder
            switch list(path) {
            case .failure(let error): return .failure(error)
            case .success(let folder): top = folder
            }
            if !top.icsFiles.isEmpty { return .success(top.icsFiles) }
            var nested: [String] = []
            for child in top.subdirectories {
                switch list(child) {
                case .success(let folder): nested.append(contentsOf: folder.icsFiles)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(nested)
        }
    }

    private struct Folder {
        var icsFiles: [String] = []
        var subdirectories: [String] = []
    }

    private static func list(_ directory: String) -> Result<Folder, CalendarError> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return .failure(.unreadable(path: directory, reason: "cannot list the vdir folder"))
        }
        var folder = Folder()
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if name.lowercased().hasSuffix(".ics") { folder.icsFiles.append(path) }
                continue
            }
            if isDirectory.boolValue {
                folder.subdirectories.append(path)
            } else if name.lowercased().hasSuffix(".ics") {
                folder.icsFiles.append(path)
            }
        }
        return .success(folder)
    }
}
