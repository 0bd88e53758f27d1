import Foundation

/// Reads a Health Auto Export (iOS) JSON file, as its automations write it to a synced folder: `data.metrics[]`
/// (`name`, `units`, `data[]`) and `data.workouts[]`. The whole file is parsed at once (an automation writes a day or
/// the time since its last run; more than `largestFile` is refused). Entries are numbered from 1 in file order, metrics
/// first, for the skipped-record notes.
struct HealthAutoExportSource: RecordSource {
    let totalBytes: Int64
    private(set) var bytesDone: Int64 = 0
    private let url: URL

    static let largestFile = 256 << 20

    init(url: URL) throws(ImportFault) {
        self.url = url
        totalBytes = Int64(try WholeFile.size(of: url, atMost: Self.largestFile) { size in
            "\(size / 1_000_000) MB is more than a Health Auto Export automation writes (at most "
                + "\(Self.largestFile >> 20) MiB are read); export a shorter period"
        })
    }

    mutating func step(into collector: inout RecordCollector) throws(ImportFault) -> Bool {
        let data = try WholeFile.data(of: url)
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ImportFault(
                kind: .malformed, line: nil,
                message: "the file is not valid JSON (\(Self.reason(error))); is the export complete?")
        }
        guard let document = (root as? [String: Any])?["data"] as? [String: Any] else {
            throw ImportFault(kind: .malformed, line: nil, message: "the JSON has no \"data\" object, as Health Auto Export writes")
        }
        var entry = 0
        for metric in document["metrics"] as? [Any] ?? [] {
            guard let metric = metric as? [String: Any] else {
                entry += 1
                collector.skip(line: entry, reason: .malformedLine, message: "a metric that is not a JSON object")
                continue
            }
            let reading = HealthAutoExportMetric(metric)
            for sample in metric["data"] as? [Any] ?? [] {
                entry += 1
                collector.add(reading.outcome(sample as? [String: Any]), line: entry)
            }
        }
        for workout in document["workouts"] as? [Any] ?? [] {
            entry += 1
            collector.add(HealthAutoExportWorkout.outcome(workout as? [String: Any]), line: entry)
        }
        bytesDone = totalBytes
        return false
    }

    private static func reason(_ error: any Error) -> String {
        let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return description ?? "\(error)"
    }
}
