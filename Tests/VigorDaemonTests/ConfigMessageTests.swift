import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// What `vigord --check-config` says about a wrong value: `FILE:LINE: key 'TABLE.KEY': RULE; got VALUE`, in the words
/// each key's entry of the key table gives. One case per message the other configuration tests do not already quote.
private let refusals: [(text: String, message: String)] = [
    ("[daemon]\nlog = \"x\"",
     "/c/config.toml:2: key 'daemon.log': must be one of auto, journal, stderr; got 'x'"),
    ("[daemon]\nlog_level = \"loud\"",
     "/c/config.toml:2: key 'daemon.log_level': must be one of trace, debug, info, notice, warning, error, critical; got 'loud'"),
    ("[daemon]\nsocket = 5",
     "/c/config.toml:2: key 'daemon.socket': must be a string, got an integer"),
    ("[schedule]\ntimezone = \"Mars/Base\"",
     "/c/config.toml:2: key 'schedule.timezone': 'Mars/Base' is not a known IANA time zone (e.g. Europe/Berlin); is tzdata installed?"),
    ("[schedule]\nhome = \"north\"",
     "/c/config.toml:2: key 'schedule.home': must be \"latitude, longitude\" in decimal degrees (e.g. \"52.52, 13.405\"); got 'north'"),
    ("[schedule]\nmorning = \"25:00\"",
     "/c/config.toml:2: key 'schedule.morning': must be HH:MM (24-hour), e.g. 06:30 or 6:30; got '25:00'"),
    ("[schedule]\nevening = 7",
     "/c/config.toml:2: key 'schedule.evening': must be a string, got an integer"),
    ("[schedule]\nevening = \"7pm\"",
     "/c/config.toml:2: key 'schedule.evening': must be HH:MM (24-hour), e.g. 21:00; got '7pm'"),
    ("[calendar]\naddresses = [\"me\"]",
     "/c/config.toml:2: key 'calendar.addresses': item 1 must be an e-mail address; got 'me'"),
    ("[calendar]\naddresses = \"me@x\"",
     "/c/config.toml:2: key 'calendar.addresses': must be an array of e-mail addresses, got a string"),
    ("[calendar.output]\nalarm_minutes = 2000",
     "/c/config.toml:2: key 'calendar.output.alarm_minutes': must be minutes before the start (0…1440) or false for no reminder; got 2000"),
    ("[calendar.output]\nalarm_minutes = true",
     "/c/config.toml:2: key 'calendar.output.alarm_minutes': must be minutes before the start (0…1440) or false for no reminder; got true"),
    ("[calendar.output]\nalarm_minutes = \"ten\"",
     "/c/config.toml:2: key 'calendar.output.alarm_minutes': must be minutes before the start (0…1440) or false for no reminder; got 'ten'"),
    ("[calendar.shadow]\nsummary = \"Busy\"",
     "/c/config.toml:1: key 'calendar.shadow.path': the shadow calendar needs the folder of its collection, e.g. \"~/.local/share/vigor/busy\""),
    ("[calendar.shadow]\npath = \"\"",
     "/c/config.toml:2: key 'calendar.shadow.path': the shadow calendar needs the folder of its collection, e.g. \"~/.local/share/vigor/busy\""),
    ("[calendar.shadow]\npath = \"/tmp/s\"\nsummary = \" \"",
     "/c/config.toml:3: key 'calendar.shadow.summary': must be one line of 1…100 characters, e.g. \"Busy\"; got ' '"),
    ("[calendar.hold]\ndefend_hours = 200",
     "/c/config.toml:2: key 'calendar.hold.defend_hours': must be hours before a hold's start (0…168); got 200"),
    ("[calendar.hold]\ndefend_when_free_below_minutes = -1",
     "/c/config.toml:2: key 'calendar.hold.defend_when_free_below_minutes': must be free minutes of the day (0…1440); got -1"),
    ("[training]\nduration_minutes = 5",
     "/c/config.toml:2: key 'training.duration_minutes': must be between 10 and 240; got 5"),
    ("[training]\npreferred = \"7-9\"",
     "/c/config.toml:2: key 'training.preferred': must be an array of \"HH:MM-HH:MM\" strings, got a string"),
    ("[training]\npreferred = [\"09:00-07:00\"]",
     "/c/config.toml:2: key 'training.preferred': item 1 must be \"HH:MM-HH:MM\" with start before end, e.g. \"06:30-08:30\" or \"6:30-8:30\"; got '09:00-07:00'"),
    ("[training]\nintensity = \"hard\"",
     "/c/config.toml:2: key 'training.intensity': must be \"heavy\", \"moderate\" or \"light\"; got \"hard\""),
    ("[training]\nearliest = \"6\"",
     "/c/config.toml:2: key 'training.earliest': must be HH:MM (24-hour), e.g. 06:30 or 6:30; got '6'"),
    ("[training]\nrest_days = \"sat\"",
     "/c/config.toml:2: key 'training.rest_days': must be an array of weekday names, e.g. [\"saturday\", \"sunday\"], got a string"),
    ("[training]\nrest_days = [1]",
     "/c/config.toml:2: key 'training.rest_days': item 1 must be a weekday name such as \"monday\" or \"mon\"; got an integer"),
    ("[training]\nrest_days = [\"sat\", \"saturday\"]",
     "/c/config.toml:2: key 'training.rest_days': 'saturday' is listed twice"),
    ("[training]\nrest_days = [\"xyz\"]",
     "/c/config.toml:2: key 'training.rest_days': item 1 'xyz' is not a weekday; use monday … sunday, or at least their first three letters"),
    ("[training]\nbuffer_before_minutes = 300",
     "/c/config.toml:2: key 'training.buffer_before_minutes': must be 0…240 minutes; got 300"),
    ("[training]\nbuffer_after_minutes = -1",
     "/c/config.toml:2: key 'training.buffer_after_minutes': must be 0…240 minutes; got -1"),
    ("[training]\nmin_hours_between_sessions = 100",
     "/c/config.toml:2: key 'training.min_hours_between_sessions': must be 0…72 hours; got 100"),
    ("[training]\nweek_starts = \"funday\"",
     "/c/config.toml:2: key 'training.week_starts': 'funday' is not a weekday (did you mean \"sunday\"?); use monday … sunday, e.g. week_starts = \"sunday\""),
    ("[training]\nlunch_allowed = \"yes\"",
     "/c/config.toml:2: key 'training.lunch_allowed': must be true or false, got a string"),
    ("[training]\nsesions_per_week = 3",
     "/c/config.toml:2: key 'training.sesions_per_week': unknown key (did you mean 'sessions_per_week'?); known keys here: buffer_after_minutes, buffer_before_minutes, duration_minutes, earliest, intensity, latest, lunch_allowed, min_hours_between_sessions, preferred, rest_days, sessions_per_week, sessions_per_week_max, week_starts"),
    ("[health]\ninbox = \"/tmp/a\"\ndrop_folder = \"/tmp/b\"",
     "/c/config.toml:2: key 'health.inbox': is the old name of drop_folder; give only drop_folder"),
    ("[health]\ndrop_folder = 3",
     "/c/config.toml:2: key 'health.drop_folder': must be a string, got an integer"),
    ("[profile]\nequipment = \"bike\"",
     "/c/config.toml:2: key 'profile.equipment': must be an array of at most 20 strings, e.g. [\"dumbbells\", \"bike\"]"),
    ("[profile]\ninjuries = [\"\"]",
     "/c/config.toml:2: key 'profile.injuries': item 1 must be one line of 1-100 characters; got ''"),
    ("[notify]\ndaily_budget = 30",
     "/c/config.toml:2: key 'notify.daily_budget': must be 0…24; got 30"),
    ("[notify]\nquiet_hours = \"late\"",
     "/c/config.toml:2: key 'notify.quiet_hours': must be \"HH:MM-HH:MM\" (it may span midnight, e.g. \"21:30-07:00\"); got 'late'"),
    ("[notify]\ndesktop = \"yes\"",
     "/c/config.toml:2: key 'notify.desktop': must be true or false, got a string"),
    ("[notify]\ncommand = []",
     "/c/config.toml:2: key 'notify.command': must be a non-empty array of strings, e.g. [\"ntfy\", \"publish\", \"mytopic\"]"),
    ("[notify]\ncommand = [\"\"]",
     "/c/config.toml:2: key 'notify.command': item 1 must be a non-empty string; got ''"),
    ("[notify]\ncommand_timeout_seconds = 0",
     "/c/config.toml:2: key 'notify.command_timeout_seconds': must be 1…300; got 0"),
    ("[[calendar.source]]\npath = \"/tmp/x\"",
     "/c/config.toml:1: key 'calendar.source[0].name': every source needs a non-empty name"),
    ("[[calendar.source]]\nname = \"a\"\npath = \"/tmp/x\"\nurl = \"https://x.org/a.ics\"",
     "/c/config.toml:4: key 'calendar.source[0].url': source 'a' has both path and url; keep one"),
    ("[[calendar.source]]\nname = \"a\"\nurl = \"ftp://x\"",
     "/c/config.toml:3: key 'calendar.source[0].url': must be an http(s) or webcal URL; got 'ftp://x'"),
    ("[[calendar.source]]\nname = \"a\"\npath = \"/tmp/x\"\nall_day = \"fre\"",
     "/c/config.toml:4: key 'calendar.source[0].all_day': must be \"free\", \"busy\", \"never-busy\"; got 'fre' (did you mean \"free\"?)"),
    ("[[calendar.source]]\nname = \"a\"\npath = \"/tmp/x\"\ncolour = \"red\"",
     "/c/config.toml:4: key 'calendar.source[0].colour': unknown key; known keys here: all_day, name, path, url"),
    ("[calendar]\nsource = 3",
     "/c/config.toml:2: key 'calendar.source': must be an array of tables ([[calendar.source]]), got an integer"),
    ("[calendar]\nsource = [1]",
     "/c/config.toml: key 'calendar.source[0]': must be a table, got an integer"),
    ("shedule = 3",
     "/c/config.toml:1: key 'shedule': unknown key (did you mean 'schedule'?); known keys here: calendar, daemon, engine, health, notify, profile, schedule, training"),
    ("daemon = 3",
     "/c/config.toml:1: key 'daemon': must be a table, got an integer"),
    ("[calendar]\noutput = 3",
     "/c/config.toml:2: key 'calendar.output': must be a table, got an integer"),
    ("[engine.sacred]\nlunch_opt_in = true",
     "/c/config.toml:2: key 'engine.sacred.lunch_opt_in': is not an engine rule: set it as [training] lunch_allowed"),
]

/// What the reader says about `text` in `/c/config.toml`; nil when it reads.
private func refusal(of text: String) -> String? {
    do {
        _ = try ConfigLoader.parse(text, file: "/c/config.toml", baseDirectory: "/c")
        return nil
    } catch {
        return error.description
    }
}

@Test func aWrongValueIsRefusedOnItsLineWithItsKeyAndItsRule() {
    for (text, message) in refusals {
        #expect(refusal(of: text) == message, "\(text)")
    }
}

@Test func aKeyUnderItsOldNameIsReadWithAWarningThatNamesTheNewOne() throws {
    let config = try ConfigLoader.parse("[health]\ninbox = \"/tmp/a\"", file: "/c/config.toml", baseDirectory: "/c")
    #expect(config.health.dropFolderPath == "/tmp/a")
    #expect(config.deprecations == ["/c/config.toml:2: key 'health.inbox': is deprecated: the key is now drop_folder (the same folder); rename it"])
}
