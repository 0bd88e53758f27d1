import CivilCalendar
import Foundation

/// Builds the document day by day and keeps the expected counts and samples.
struct ExportDocumentBuilder {
    var writer = ExportByteWriter(capacity: (1 << 20) + (1 << 18))
    private var random: SeededRandom
    private var counts: [String: Int] = [:]
    private var ignored = 0
    private var samples: [HealthSample] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    func report(bytes: Int64, days: Int) -> GeneratedExportReport {
        GeneratedExportReport(bytes: bytes, days: days, expectedCounts: counts, expectedIgnored: ignored, samples: samples)
    }

    /// Central European offsets: +02:00 from April to October, else +01:00 (a simplified DST).
    static func offsetMinutes(day: Int) -> Int {
        let month = CivilDate(daysSinceEpoch: day).month
        return (4...10).contains(month) ? 120 : 60
    }

    mutating func writePreamble(exportDay: Int) {
        writer.text(ExportPreamble.header)
        writer.text("<HealthData locale=\"en_US\">\n <ExportDate value=\"")
        writer.appleDate(exportDay * 86_400 + 36_000, offsetMinutes: 60)
        writer.text("\"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1985-04-12\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexMale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeNotSet\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n")
        ignored += 2
    }

    mutating func writeDay(_ day: Int) {
        let offset = Self.offsetMinutes(day: day)
        let midnight = day * 86_400 - offset * 60
        writeSleep(midnight: midnight, offset: offset, day: day)
        writeRestingHeartRate(midnight: midnight, offset: offset)
        for hour in [2, 8, 14, 20] {
            writeHRV(at: midnight + hour * 3600 + random.int(0...3000), offset: offset)
        }
        var cursor = midnight + 7 * 3600
        while cursor < midnight + 23 * 3600 {
            let length = random.int(60...600)
            writeSteps(start: cursor, end: cursor + length, offset: offset)
            cursor += length + random.int(300...1800)
        }
        writeIgnoredQuantities(midnight: midnight, offset: offset)
        if random.chance(50) {
            writeWorkout(start: midnight + random.int(16...19) * 3600 + random.int(0...3000), offset: offset)
        }
        if day % 7 == 0 {
            writeBloodPressure(at: midnight + 9 * 3600, offset: offset)
        }
        writeActivitySummary(day: day)
    }

    // MARK: Elements

    private mutating func recordStart(
        type: StaticString, source: ExportSource, unit: StaticString?, start: Int, end: Int, offset: Int
    ) {
        writer.text(" <Record type=\"")
        writer.text(type)
        writer.text("\" sourceName=\"")
        writer.text(source.rawName)
        writer.text("\" sourceVersion=\"")
        writer.text(source.version)
        if source.device.utf8CodeUnitCount > 0 {
            writer.text("\" device=\"")
            writer.text(source.device)
        }
        if let unit {
            writer.text("\" unit=\"")
            writer.text(unit)
        }
        writer.text("\" creationDate=\"")
        writer.appleDate(end + 120, offsetMinutes: offset)
        writer.text("\" ")
        dates(start, end, offset: offset)
        writer.text("\" value=\"")
    }

    private mutating func expect(
        _ kind: HealthKind, _ source: ExportSource, _ start: Int, _ end: Int, _ value: Double,
        detail: String? = nil, energy: Double? = nil
    ) {
        let seen = counts[kind.rawValue, default: 0]
        counts[kind.rawValue] = seen + 1
        if seen < 3 {
            samples.append(HealthSample(
                kind: kind, source: source.decodedName, start: Date(timeIntervalSince1970: Double(start)),
                end: Date(timeIntervalSince1970: Double(end)), value: value, detail: detail, energyKilocalories: energy))
        }
    }

    private mutating func writeSleep(midnight: Int, offset: Int, day: Int) {
        let bedtime = midnight - 3600 + random.int(-1800...1800)
        let numeric = day % 10 == 3
        var cursor = bedtime + random.int(120...900)
        var segments: [(start: Int, end: Int, value: StaticString, stage: String)] = []
        for _ in 0..<random.int(8...14) {
            let length = random.int(5...50) * 60 + random.int(0...59)
            let roll = random.int(0...99)
            let stage: (StaticString, String)
            if numeric {
                stage = roll < 90 ? ("1", "asleep") : ("2", "awake")
            } else {
                switch roll {
                case 0..<50: stage = ("HKCategoryValueSleepAnalysisAsleepCore", "core")
                case 50..<65: stage = ("HKCategoryValueSleepAnalysisAsleepDeep", "deep")
                case 65..<90: stage = ("HKCategoryValueSleepAnalysisAsleepREM", "rem")
                default: stage = ("HKCategoryValueSleepAnalysisAwake", "awake")
                }
            }
            segments.append((cursor, cursor + length, stage.0, stage.1))
            cursor += length
        }
        let source = numeric ? ExportSource.ring : ExportSource.watch
        let inBed: StaticString = numeric ? "0" : "HKCategoryValueSleepAnalysisInBed"
        let wake = cursor + random.int(60...900)
        recordStart(type: "HKCategoryTypeIdentifierSleepAnalysis", source: .phone,
                    unit: nil, start: bedtime, end: wake, offset: offset)
        writer.text(inBed)
        writer.text("\"/>\n")
        expect(.sleep, .phone, bedtime, wake, Double(wake - bedtime) / 60, detail: "inBed")
        for segment in segments {
            recordStart(type: "HKCategoryTypeIdentifierSleepAnalysis", source: source, unit: nil,
                        start: segment.start, end: segment.end, offset: offset)
            writer.text(segment.value)
            if random.chance(30) {
                writer.text("\">\n  <MetadataEntry key=\"HKTimeZone\" value=\"Europe/Berlin\"/>\n </Record>\n")
            } else {
                writer.text("\"/>\n")
            }
            expect(.sleep, source, segment.start, segment.end, Double(segment.end - segment.start) / 60, detail: segment.stage)
        }
    }

    private mutating func writeRestingHeartRate(midnight: Int, offset: Int) {
        let start = midnight + 6 * 3600
        let end = midnight + 23 * 3600 + random.int(0...1800)
        let bpm = random.int(44...72)
        recordStart(type: "HKQuantityTypeIdentifierRestingHeartRate", source: .watch, unit: "count/min",
                    start: start, end: end, offset: offset)
        writer.int(bpm)
        writer.text("\"/>\n")
        expect(.restingHeartRate, .watch, start, end, Double(bpm))
    }

    private mutating func writeHRV(at start: Int, offset: Int) {
        let end = start + random.int(55...65)
        let thousandths = random.int(15_000...130_000)
        recordStart(type: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", source: .watch, unit: "ms",
                    start: start, end: end, offset: offset)
        writer.fixed(thousandths, decimals: 3)
        writer.text("\">\n  <HeartRateVariabilityMetadataList>\n")
        var clock = (start + offset * 60) % 86_400
        for _ in 0..<random.int(40...70) {
            writer.text("   <InstantaneousBeatsPerMinute bpm=\"")
            writer.int(random.int(50...90))
            writer.text("\" time=\"")
            let hour12 = (clock / 3600) % 12 == 0 ? 12 : (clock / 3600) % 12
            writer.int(hour12)
            writer.text(":")
            writer.int(clock / 60 % 60, width: 2)
            writer.text(":")
            writer.int(clock % 60, width: 2)
            writer.text(".")
            writer.int(random.int(0...99), width: 2)
            writer.text(clock / 3600 < 12 ? " AM\"/>\n" : " PM\"/>\n")
            clock = (clock + 1) % 86_400
        }
        writer.text("  </HeartRateVariabilityMetadataList>\n </Record>\n")
        expect(.hrv, .watch, start, end, Double(thousandths) / 1000)
    }

    private mutating func writeSteps(start: Int, end: Int, offset: Int) {
        let source = random.chance(50) ? ExportSource.watch : ExportSource.phone
        let steps = random.int(5...1500)
        recordStart(type: "HKQuantityTypeIdentifierStepCount", source: source, unit: "count",
                    start: start, end: end, offset: offset)
        writer.int(steps)
        writer.text("\"/>\n")
        expect(.steps, source, start, end, Double(steps))
    }

    /// One self-closing record of a kind the importer ignores, with a fixed-point value.
    private mutating func ignoredDecimal(
        _ type: StaticString, _ source: ExportSource, _ unit: StaticString, _ span: (start: Int, end: Int, offset: Int),
        _ value: Int, decimals: Int
    ) {
        recordStart(type: type, source: source, unit: unit, start: span.start, end: span.end, offset: span.offset)
        writer.fixed(value, decimals: decimals)
        writer.text("\"/>\n")
        ignored += 1
    }

    /// `startDate="…" endDate="…` (the value's closing quote is the caller's), in Apple's date format.
    private mutating func dates(_ start: Int, _ end: Int, offset: Int) {
        writer.text("startDate=\"")
        writer.appleDate(start, offsetMinutes: offset)
        writer.text("\" endDate=\"")
        writer.appleDate(end, offsetMinutes: offset)
    }

    private mutating func writeIgnoredQuantities(midnight: Int, offset: Int) {
        var cursor = midnight + random.int(0...600)
        while cursor < midnight + 86_400 - 900 {
            recordStart(type: "HKQuantityTypeIdentifierHeartRate", source: .watch, unit: "count/min",
                        start: cursor, end: cursor, offset: offset)
            writer.int(random.int(48...160))
            if random.chance(50) {
                writer.text("\">\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"")
                writer.int(random.int(0...2))
                writer.text("\"/>\n </Record>\n")
            } else {
                writer.text("\"/>\n")
            }
            ignored += 1
            let energyEnd = cursor + random.int(30...300)
            let span = (start: cursor, end: energyEnd, offset: offset)
            ignoredDecimal("HKQuantityTypeIdentifierActiveEnergyBurned", .watch, "kcal", span, random.int(10...40_000), decimals: 3)
            if random.chance(50) {
                ignoredDecimal("HKQuantityTypeIdentifierBasalEnergyBurned", .watch, "kcal", span, random.int(100...20_000), decimals: 3)
            }
            if random.chance(30) {
                ignoredDecimal("HKQuantityTypeIdentifierDistanceWalkingRunning", .phone, "km", span, random.int(1...900), decimals: 5)
            }
            cursor += random.int(240...900)
        }
    }

    private static let activities: [(raw: StaticString, name: String)] = [
        ("HKWorkoutActivityTypeRunning", "running"), ("HKWorkoutActivityTypeWalking", "walking"),
        ("HKWorkoutActivityTypeCycling", "cycling"), ("HKWorkoutActivityTypeYoga", "yoga"),
        ("HKWorkoutActivityTypeHighIntensityIntervalTraining", "highIntensityIntervalTraining"),
        ("HKWorkoutActivityTypeTraditionalStrengthTraining", "traditionalStrengthTraining"),
    ]

    private mutating func writeWorkout(start: Int, offset: Int) {
        let activity = Self.activities[random.int(0...(Self.activities.count - 1))]
        let centiMinutes = random.int(1500...9000)
        let end = start + centiMinutes * 60 / 100 + random.int(0...30)
        let newStyle = random.chance(50)
        let kilojoules = !newStyle && random.chance(20)
        let energyTenths = random.int(500...9000)
        writer.text(" <Workout workoutActivityType=\"")
        writer.text(activity.raw)
        writer.text("\" duration=\"")
        writer.fixed(centiMinutes, decimals: 2)
        writer.text("\" durationUnit=\"min\"")
        if !newStyle {
            writer.text(" totalDistance=\"")
            writer.fixed(random.int(100...15_000), decimals: 3)
            writer.text("\" totalDistanceUnit=\"km\" totalEnergyBurned=\"")
            writer.fixed(energyTenths, decimals: 1)
            writer.text(kilojoules ? "\" totalEnergyBurnedUnit=\"kJ\"" : "\" totalEnergyBurnedUnit=\"kcal\"")
        }
        writer.text(" sourceName=\"")
        writer.text(ExportSource.watch.rawName)
        writer.text("\" sourceVersion=\"10.2\" device=\"")
        writer.text(ExportSource.watch.device)
        writer.text("\" creationDate=\"")
        writer.appleDate(end + 30, offsetMinutes: offset)
        writer.text("\" ")
        dates(start, end, offset: offset)
        writer.text("\">\n  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n  <MetadataEntry key=\"HKAverageMETs\" value=\"9.5 kcal/hr·kg\"/>\n")
        writer.text("  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"")
        writer.appleDate(start, offsetMinutes: offset)
        writer.text("\" duration=\"10.5\" durationUnit=\"min\"/>\n")
        if newStyle {
            writer.text("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" ")
            dates(start, end, offset: offset)
            writer.text("\" average=\"142.5\" minimum=\"98\" maximum=\"171\" unit=\"count/min\"/>\n")
            writer.text("  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" ")
            dates(start, end, offset: offset)
            writer.text("\" sum=\"")
            writer.fixed(energyTenths, decimals: 1)
            writer.text("\" unit=\"kcal\"/>\n")
        }
        writer.text("  <WorkoutRoute sourceName=\"")
        writer.text(ExportSource.watch.rawName)
        writer.text("\" sourceVersion=\"10.2\" creationDate=\"")
        writer.appleDate(end + 60, offsetMinutes: offset)
        writer.text("\" ")
        dates(start, end, offset: offset)
        writer.text("\">\n   <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"2\"/>\n   <FileReference path=\"/workout-routes/route_")
        writer.int(start)
        writer.text(".gpx\"/>\n  </WorkoutRoute>\n </Workout>\n")
        let energy = kilojoules ? Double(energyTenths) / 10 / 4.184 : Double(energyTenths) / 10
        expect(.workout, .watch, start, end, Double(centiMinutes) / 100, detail: activity.name, energy: energy)
    }

    private mutating func writeBloodPressure(at time: Int, offset: Int) {
        let systolic = random.int(105...135)
        let diastolic = random.int(65...85)
        for (type, value) in [("HKQuantityTypeIdentifierBloodPressureSystolic", systolic),
                              ("HKQuantityTypeIdentifierBloodPressureDiastolic", diastolic)] as [(StaticString, Int)] {
            recordStart(type: type, source: .phone, unit: "mmHg", start: time, end: time, offset: offset)
            writer.int(value)
            writer.text("\"/>\n")
            ignored += 1
        }
        writer.text(" <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Tom’s iPhone\" sourceVersion=\"17.2.1\" creationDate=\"")
        writer.appleDate(time, offsetMinutes: offset)
        writer.text("\" startDate=\"")
        writer.appleDate(time, offsetMinutes: offset)
        writer.text("\" endDate=\"")
        writer.appleDate(time, offsetMinutes: offset)
        writer.text("\">\n  <MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/>\n")
        for (type, value) in [("HKQuantityTypeIdentifierBloodPressureSystolic", systolic),
                              ("HKQuantityTypeIdentifierBloodPressureDiastolic", diastolic)] as [(StaticString, Int)] {
            writer.text(" ")
            recordStart(type: type, source: .phone, unit: "mmHg", start: time, end: time, offset: offset)
            writer.int(value)
            writer.text("\"/>\n")
        }
        writer.text(" </Correlation>\n")
        ignored += 1
    }

    private mutating func writeActivitySummary(day: Int) {
        let date = CivilDate(daysSinceEpoch: day)
        writer.text(" <ActivitySummary dateComponents=\"")
        writer.int(date.year, width: 4)
        writer.text("-")
        writer.int(date.month, width: 2)
        writer.text("-")
        writer.int(date.day, width: 2)
        writer.text("\" activeEnergyBurned=\"")
        writer.fixed(random.int(10_000...900_000), decimals: 3)
        writer.text("\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"")
        writer.int(random.int(0...90))
        writer.text("\" appleExerciseTimeGoal=\"30\" appleStandHours=\"")
        writer.int(random.int(4...16))
        writer.text("\" appleStandHoursGoal=\"12\"/>\n")
        ignored += 1
    }
}
