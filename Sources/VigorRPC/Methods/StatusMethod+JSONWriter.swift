/// `status` is the hot method: its result and parts write their JSON by hand (keys sorted).
extension DaemonStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("configPath"); json.string(configPath)
        json.key("configSource"); json.string(configSource)
        json.key("database"); database.write(to: &json)
        json.key("emergency"); emergency.write(to: &json)
        json.key("ghost"); ghost.write(to: &json)
        if let lastReload { json.key("lastReload"); lastReload.write(to: &json) }
        json.key("nextCycles"); nextCycles.write(to: &json)
        json.key("pid"); json.integer(pid)
        json.key("plan"); plan.write(to: &json)
        json.key("socket"); json.string(socket)
        json.key("socketOrigin"); json.string(socketOrigin)
        json.key("sources"); json.array(sources)
        json.key("startedAt"); json.timestamp(startedAt)
        json.key("timezone"); json.string(timezone)
        json.key("travel"); travel.write(to: &json)
        json.key("uptimeSeconds"); json.integer(uptimeSeconds)
        json.key("version"); json.string(version)
        json.endObject()
    }
}

extension DatabaseStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("path"); json.string(path)
        json.key("schemaVersion"); json.string(schemaVersion)
        json.endObject()
    }
}

extension ReloadOutcome: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("at"); json.timestamp(at)
        json.key("configPath"); json.string(configPath)
        if let error { json.key("error"); json.string(error) }
        json.key("ok"); json.bool(ok)
        json.endObject()
    }
}

extension EmergencyStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("active"); json.bool(active)
        if let blockFile { json.key("blockFile"); json.string(blockFile) }
        if let endsAt { json.key("endsAt"); json.timestamp(endsAt) }
        if let startedAt { json.key("startedAt"); json.timestamp(startedAt) }
        json.endObject()
    }
}

extension GhostStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("breakerDeletions"); json.integer(breakerDeletions)
        json.key("capabilities"); json.strings(capabilities)
        json.key("ghostHealth"); json.string(ghostHealth)
        json.key("ghostHealthName"); json.string(ghostHealthName)
        json.key("healthConfidence"); json.number(healthConfidence)
        json.key("healthPhase"); json.string(healthPhase)
        json.key("healthPhaseName"); json.string(healthPhaseName)
        json.key("pinnedByUser"); json.bool(pinnedByUser)
        json.key("trustPhase"); json.string(trustPhase)
        json.key("trustPhaseName"); json.string(trustPhaseName)
        json.key("trustScore"); json.number(trustScore)
        json.endObject()
    }
}

extension NextCycles: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("evening"); json.timestamp(evening)
        json.key("morning"); json.timestamp(morning)
        json.endObject()
    }
}

extension PlanStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        if let apology { json.key("apology"); json.string(apology) }
        json.key("pendingTriage"); json.array(pendingTriage)
        json.key("proposals"); json.array(proposals)
        json.key("today"); json.array(today)
        json.key("tomorrow"); json.array(tomorrow)
        json.endObject()
    }
}

extension BlockView: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("end"); json.timestamp(end)
        json.key("id"); json.string(id)
        json.key("origin"); json.string(origin)
        json.key("start"); json.timestamp(start)
        json.key("status"); json.string(status)
        if let transformation { json.key("transformation"); transformation.write(to: &json) }
        json.endObject()
    }
}

extension TransformationView: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        if let answer { json.key("answer"); json.string(answer) }
        json.key("originalMinutes"); json.integer(originalMinutes)
        json.key("removed"); json.bool(removed)
        json.key("rule"); json.string(rule)
        json.endObject()
    }
}

extension SourceFreshnessView: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        if let ageSeconds { json.key("ageSeconds"); json.integer(ageSeconds) }
        json.key("freshness"); json.string(freshness)
        json.key("name"); json.string(name)
        json.key("ok"); json.bool(ok)
        json.endObject()
    }
}

extension TravelStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("ranges"); json.strings(ranges)
        json.key("travellingToday"); json.bool(travellingToday)
        json.endObject()
    }
}
