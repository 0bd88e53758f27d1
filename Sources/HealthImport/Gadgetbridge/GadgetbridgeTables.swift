/// Which of Gadgetbridge's tables vigord reads, and which hold only settings (never reported).
/// Any other table with rows is reported by name in the summary's `unreadTables`.
enum GadgetbridgeTables {
    /// The reader for a table vigord reads, or nil.
    static func reader(for table: String, devices: [Int64: GadgetbridgeDevice]) -> (any GadgetbridgeTableReader)? {
        switch table {
        case "MI_BAND_ACTIVITY_SAMPLE": ActivitySampleTable(table: table, coding: .huami, devices: devices)
        case "HUAMI_EXTENDED_ACTIVITY_SAMPLE": ActivitySampleTable(table: table, coding: .zeppOS, devices: devices)
        case _ where stepsOnlySampleTables.contains(table): ActivitySampleTable(table: table, coding: .none, devices: devices)
        case "GARMIN_SLEEP_STAGE_SAMPLE": SleepStageTable(table: table, coding: .garmin, devices: devices)
        case "XIAOMI_SLEEP_STAGE_SAMPLE": SleepStageTable(table: table, coding: .xiaomi, devices: devices)
        case "XIAOMI_SLEEP_TIME_SAMPLE": SleepSessionTable(devices: devices)
        case "HUAMI_HEART_RATE_RESTING_SAMPLE", "GARMIN_HEART_RATE_RESTING_SAMPLE":
            DailyValueTable(table: table, column: "HEART_RATE", kind: .restingHeartRate, devices: devices)
        case "XIAOMI_DAILY_SUMMARY_SAMPLE": DailyValueTable(table: table, column: "HR_RESTING", kind: .restingHeartRate, devices: devices)
        case "GARMIN_HRV_SUMMARY_SAMPLE": DailyValueTable(table: table, column: "LAST_NIGHT_AVERAGE", kind: .hrv, devices: devices)
        case "BASE_ACTIVITY_SUMMARY": ActivitySummaryTable(devices: devices)
        default: nil
        }
    }

    /// Per-minute sample tables whose sleep lives elsewhere or is not coded in `RAW_KIND`: steps only.
    static let stepsOnlySampleTables: Set<String> = [
        "XIAOMI_ACTIVITY_SAMPLE", "GARMIN_ACTIVITY_SAMPLE", "PEBBLE_HEALTH_ACTIVITY_SAMPLE", "BANGLE_JSACTIVITY_SAMPLE",
        "PINE_TIME_ACTIVITY_SAMPLE", "COLMI_ACTIVITY_SAMPLE", "CMF_ACTIVITY_SAMPLE", "FIT_PRO_ACTIVITY_SAMPLE",
        "WITHINGS_STEEL_HRACTIVITY_SAMPLE",
    ]

    /// Tables of settings and bookkeeping, not health data.
    static let settings: Set<String> = [
        "DEVICE", "DEVICE_ATTRIBUTES", "USER", "USER_ATTRIBUTES", "TAG", "ACTIVITY_DESCRIPTION", "ACTIVITY_DESC_TAG_LINK",
        "CALENDAR_SYNC_STATE", "ALARM", "REMINDER", "WORLD_CLOCK", "CONTACT", "NOTIFICATION_FILTER",
        "NOTIFICATION_FILTER_ENTRY", "APP_SPECIFIC_NOTIFICATION_SETTING", "BATTERY_LEVEL", "PENDING_FILE",
        "GARMIN_FIT_FILE", "android_metadata",
    ]
}
