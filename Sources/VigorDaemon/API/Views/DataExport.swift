import Foundation
import Store
import VigorRPC

/// Shapes the store's rows into the `data.export` document: camelCase fields, times in RFC 3339
/// in the user's zone, the engine state and receipt bodies as the JSON they are stored as (read through the store's one
/// policy: one that is not JSON is an error naming its row).
enum DataExport {
    static func document(_ data: ExportedData, zone: TimeZone, at now: Date) throws -> JSONValue {
        func time(_ date: Date) -> JSONValue { .string(RPCTimestamp(date, in: zone).description) }
        var document: [String: JSONValue] = [
            "exportedAt": time(now),
            "version": .string(VigorVersion.current),
            "receipts": .array(try data.receipts.map { receipt in
                ["id": .string(receipt.id), "at": time(receipt.at), "action": .string(receipt.action),
                 "body": try receipt.value(as: JSONValue.self)]
            }),
            "cycleRuns": .array(data.cycleRuns.map { run in
                ["kind": .string(run.kind.rawValue), "localDate": .string(run.localDate.description), "ranAt": time(run.ranAt), "summary": .string(run.summary)]
            }),
            "daemonRuns": .array(data.daemonRuns.map { run in
                var entry: [String: JSONValue] = [
                    "startedAt": time(run.startedAt), "pid": .integer(Int64(run.pid)), "version": .string(run.version),
                ]
                if let stopped = run.stoppedAt { entry["stoppedAt"] = time(stopped) }
                return .object(entry)
            }),
        ]
        document["emergencies"] = .array(data.emergencies.map { ["startedAt": time($0.startedAt), "endsAt": time($0.endsAt)] })
        document["travel"] = .array(data.travel.map { ["firstDay": .string($0.firstDay.description), "lastDay": .string($0.lastDay.description), "setAt": time($0.setAt)] })
        document["healthSamples"] = .array(data.healthSamples.map { sample in
            var entry: [String: JSONValue] = [
                "kind": .string(sample.kind.rawValue), "source": .string(sample.source), "start": time(sample.start),
                "end": time(sample.end), "value": .double(sample.value),
            ]
            if let detail = sample.detail { entry["detail"] = .string(detail) }
            if let energy = sample.energyKilocalories { entry["energyKilocalories"] = .double(energy) }
            return .object(entry)
        })
        document["healthImports"] = .array(try data.healthImports.map { run in
            var entry: [String: JSONValue] = [
                "file": .string(run.file), "format": .string(run.format), "startedAt": time(run.startedAt),
                "finishedAt": time(run.finishedAt), "added": .integer(Int64(run.added)),
                "duplicates": .integer(Int64(run.duplicates)), "skipped": .integer(Int64(run.skipped)),
                "summary": try run.value(as: JSONValue.self),
            ]
            if let error = run.error { entry["error"] = .string(error) }
            return .object(entry)
        })
        document["weeklyReceipts"] = .array(try data.weeklyReceipts.map { record throws(StoreError) in try record.value(as: JSONValue.self) })
        if let zone = data.systemZone {
            var entry: [String: JSONValue] = ["settledZone": .string(zone.settledZone), "updatedAt": time(zone.updatedAt)]
            if let changedTo = zone.changedTo { entry["changedTo"] = .string(changedTo) }
            if let changedOn = zone.changedOn { entry["changedOn"] = .string(changedOn) }
            document["systemZone"] = .object(entry)
        }
        document["checkIns"] = .array(data.checkIns.map { checkIn in
            var entry: [String: JSONValue] = ["localDate": .string(checkIn.localDate.description), "recordedAt": time(checkIn.recordedAt)]
            if let minutes = checkIn.sleptMinutes { entry["sleptMinutes"] = .integer(Int64(minutes)) }
            if let felt = checkIn.felt { entry["felt"] = .string(felt.rawValue) }
            return .object(entry)
        })
        document["recoveryScores"] = .array(try data.recoveryScores.map { record throws(StoreError) in try record.value(as: JSONValue.self) })
        document["calendarItems"] = .array(data.calendarItems.map { item in
            ["itemID": .string(item.itemID), "uid": .string(item.uid), "shadowUID": .string(item.shadowUID),
             "sequence": .integer(Int64(item.sequence)), "createdAt": time(item.createdAt), "modifiedAt": time(item.modifiedAt)]
        })
        if let inbox = data.inbox {
            document["inbox"] = [
                "updatedAt": time(inbox.updatedAt),
                "ledger": try StoredJSON.decode(JSONValue.self, from: inbox.ledger, in: .inbox),
            ]
        }
        if let forecast = data.weekForecast {
            document["weekForecast"] = ["madeAt": time(forecast.madeAt), "body": try forecast.value(as: JSONValue.self)]
        }
        if let book = data.holdBook {
            document["holdBook"] = ["savedAt": time(book.savedAt), "body": try book.value(as: JSONValue.self)]
        }
        if let state = data.ghostState { document["ghost"] = try StoredJSON.decode(JSONValue.self, from: state, in: .ghostState) }
        return .object(document)
    }
}
