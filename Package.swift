// swift-tools-version:6.1
// vigord: a personal scheduling daemon. See Docs/architecture.md for the layer map:
// executables -> VigorDaemon -> (VigorConfig, CalendarPlanning, GhostEngine, ICalendarKit, Store, VigorRPC) -> system libraries.

import PackageDescription

let package = Package(
    name: "vigord",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "vigord", targets: ["vigord"]),
        .executable(name: "vigorctl", targets: ["vigorctl"]),
        .executable(name: "vigor-sim", targets: ["vigor-sim"]),
        .executable(name: "vigor-health-export", targets: ["vigor-health-export"]),
        // For clients of the API: the wire types, and the day, time and word types they carry.
        .library(name: "VigorRPC", targets: ["VigorRPC", "CivilCalendar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // glibc's <malloc.h> (malloc_trim), part of libc6-dev.
        .systemLibrary(name: "CMalloc"),

        // Inner layer: no knowledge of sockets, daemons or the CLI.
        .target(
            name: "Store",
            dependencies: ["CivilCalendar", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A leaf: the shared vocabulary every module speaks (proleptic Gregorian day counts, LocalDay, TimeOfDay…).
        .target(name: "CivilCalendar"),
        // A leaf: the one atomic file writer and the regular-file checks; never follows a planted link.
        // FoundationEssentials only, so vigorctl may use it.
        .target(name: "SafeFiles"),
        .target(name: "VigorRPC", dependencies: ["CivilCalendar"]),
        // The pure domain: no I/O, injected clock and random source.
        .target(name: "GhostEngine", dependencies: ["CivilCalendar"]),
        .target(name: "GhostScheduling", dependencies: ["CivilCalendar", "GhostEngine"]),
        .target(name: "GhostSimulation", dependencies: ["CivilCalendar", "GhostEngine", "GhostScheduling"]),
        // The libical adapter: no C pointer leaves it.
        // One HTTP request on the calling thread with libcurl's easy interface (variadic `curl_easy_setopt`, which
        // Swift cannot call): subscriptions download without URLSession's dispatch sources.
        .target(name: "CHTTP", linkerSettings: [.linkedLibrary("curl")]),
        // glibc's closefrom spawn action and the pidfd calls, which Swift cannot see or call (`_GNU_SOURCE`, `syscall`).
        .target(name: "CSpawn"),
        // A leaf: the one way vigord, vigorctl and the tests start a program, with nothing of theirs open in it.
        .target(name: "ChildProcesses", dependencies: ["CSpawn"]),
        .target(name: "ICalendarKit", dependencies: ["CLibical", "CHTTP", "CivilCalendar", "SafeFiles"]),
        // SQLite's variadic sqlite3_db_config, which Swift cannot call: the settings for a database someone else wrote.
        .target(name: "CSQLiteGuard", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Health files in: Apple Health export.zip/export.xml (streaming), JSON Lines, CSV, Gadgetbridge databases
        // (SQLite's C API as GRDB ships it, opened as an untrusted database), FIT activity files.
        .target(
            name: "HealthImport",
            dependencies: [
                "CivilCalendar",
                "CSQLiteGuard",
                "SafeFiles",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Realistic Apple Health exports, Gadgetbridge databases and FIT files for tests and vigor-health-export.
        .target(
            name: "HealthExportGenerator",
            dependencies: ["CivilCalendar", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // The configuration: `DaemonConfig`, its key table and the reader of config.toml; no daemon in it, so
        // vigor-sim reads a scenario's `config` with the daemon's own reader without linking the daemon.
        .target(
            name: "VigorConfig",
            dependencies: [
                "CivilCalendar",
                "GhostEngine",
                "GhostScheduling",
                "HealthImport",
                "ICalendarKit",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // What the calendars say about a week picture's days, in planning's terms: the one translation from
        // ICalendarKit to a `WeekPicture`, for the daemon's reader and vigor-sim's scenario calendars.
        .target(name: "CalendarPlanning", dependencies: ["CivilCalendar", "GhostEngine", "GhostScheduling", "ICalendarKit"]),

        // Wiring: services, socket server, systemd integration, the configuration in force.
        .target(
            name: "VigorDaemon",
            dependencies: [
                "CalendarPlanning",
                "ICalendarKit",
                "ChildProcesses",
                "CivilCalendar",
                "CMalloc",
                "CSystemd",
                "GhostEngine",
                "GhostScheduling",
                "HealthImport",
                "SafeFiles",
                "Store",
                "VigorConfig",
                "VigorRPC",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),

        // Thin executables.
        .executableTarget(
            name: "vigord",
            dependencies: [
                "VigorDaemon",
                "VigorRPC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "vigorctl",
            dependencies: [
                "ChildProcesses",
                "CivilCalendar",
                "SafeFiles",
                "VigorRPC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .executableTarget(
            name: "vigor-sim",
            dependencies: [
                "ChildProcesses",
                "CivilCalendar",
                "GhostSimulation",
                // The daemon's config reader for the scenario's `config` text, ICalendarKit for its calendars and
                // CalendarPlanning to turn them into the picture's days as the daemon does.
                "VigorConfig",
                "CalendarPlanning",
                "ICalendarKit",
                "GhostScheduling",
                "GhostEngine",
                // The client that replays a scenario against vigord (`versus-daemon`).
                "VigorRPC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A synthetic Apple Health export, to try the import without an iPhone and for the health benchmark.
        .executableTarget(
            name: "vigor-health-export",
            dependencies: [
                "HealthExportGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),

        // Programs the tests run, each with a deadline: a hung program fails its test, not the run; and the scratch
        // folders tests make, removed when their test ends.
        .target(name: "TestPrograms", dependencies: ["ChildProcesses", "CSpawn"], path: "Tests/TestPrograms"),
        // The differential test's reference side is a python script it runs, not a source of the target.
        .testTarget(name: "ICalendarKitTests", dependencies: ["ICalendarKit", "CLibical", "CivilCalendar", "SafeFiles", "TestPrograms"], exclude: ["Differential/reference_busy.py"]),
        .testTarget(name: "SafeFilesTests", dependencies: ["SafeFiles", "TestPrograms"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses", "TestPrograms"]),
        .testTarget(name: "CivilCalendarTests", dependencies: ["CivilCalendar"]),
        .testTarget(name: "GhostEngineTests", dependencies: ["CivilCalendar", "GhostEngine"]),
        .testTarget(name: "GhostSchedulingTests", dependencies: ["CivilCalendar", "GhostScheduling", "GhostEngine"]),
        .testTarget(
            name: "GhostSimulationTests",
            dependencies: ["GhostSimulation", "GhostEngine", "GhostScheduling", "CivilCalendar", "VigorConfig", "vigor-sim", "TestPrograms"]),
        .testTarget(name: "VigorRPCTests", dependencies: ["VigorRPC", "CivilCalendar"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "CivilCalendar", "TestPrograms", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "HealthImportTests",
            dependencies: [
                "HealthImport", "CivilCalendar", "HealthExportGenerator", "TestPrograms", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "VigorDaemonTests",
            dependencies: [
                "VigorDaemon", "VigorConfig", "CalendarPlanning", "VigorRPC", "Store", "CivilCalendar", "HealthImport", "HealthExportGenerator", "ICalendarKit", "GhostEngine",
                "GhostScheduling", "TestPrograms", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SystemTests",
            dependencies: ["VigorRPC", "CHTTP", "TestPrograms", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/SystemTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
