import CivilCalendar
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon

@Test(.removesScratchFolders) func onlyTheDaemonsUserAndRootAreServed() {
    #expect(PeerCredentials(pid: 1, uid: 1000, gid: 1000).isAllowed(daemonUID: 1000))
    #expect(PeerCredentials(pid: 1, uid: 0, gid: 0).isAllowed(daemonUID: 1000))
    #expect(!PeerCredentials(pid: 1, uid: 1001, gid: 1000).isAllowed(daemonUID: 1000))
    #expect(!PeerCredentials(pid: 1, uid: 65534, gid: 65534).isAllowed(daemonUID: 0))
}

@Test(.removesScratchFolders) func autoLogsToJournaldOnlyWhenSystemdConnectedStderrToIt() {
    let identity: (device: UInt64, inode: UInt64) = (64769, 12345)
    #expect(LogDestination.choose(.auto, journalStream: "64769:12345", stderrIdentity: identity, journalSocketExists: true) == .journal)
    #expect(LogDestination.choose(.auto, journalStream: "64769:99999", stderrIdentity: identity, journalSocketExists: true) == .stderr)
    #expect(LogDestination.choose(.auto, journalStream: nil, stderrIdentity: identity, journalSocketExists: true) == .stderr)
    #expect(LogDestination.choose(.auto, journalStream: "64769:12345", stderrIdentity: identity, journalSocketExists: false) == .stderr)
}

@Test(.removesScratchFolders) func forcedJournalFallsBackToStderrWithoutTheSocket() {
    #expect(LogDestination.choose(.journal, journalStream: nil, stderrIdentity: nil, journalSocketExists: true) == .journal)
    #expect(LogDestination.choose(.journal, journalStream: nil, stderrIdentity: nil, journalSocketExists: false) == .stderr)
    #expect(LogDestination.choose(.stderr, journalStream: "1:2", stderrIdentity: (1, 2), journalSocketExists: true) == .stderr)
}

@Test(.removesScratchFolders) func journaldFieldNamesAreUpperCaseAndSafe() {
    #expect(JournaldLogHandler.fieldName("peer-uid") == "VIGOR_PEER_UID")
    #expect(JournaldLogHandler.fieldName("_secret") == "VIGOR_SECRET")
    #expect(JournaldLogHandler.fieldName("socket") == "VIGOR_SOCKET")
}

@Test(.removesScratchFolders) func keySuggestionFindsCloseTyposOnly() {
    #expect(KeySuggestion.closest(to: "mornin", in: ["morning", "evening"]) == "morning")
    #expect(KeySuggestion.closest(to: "colour", in: ["morning", "evening"]) == nil)
}


@Test(.removesScratchFolders) func freshnessFollowsTheSeedsStalenessTable() {
    #expect(Freshness.of(ageSeconds: 1799) == .fresh)
    #expect(Freshness.of(ageSeconds: 1800) == .slightlyStale)
    #expect(Freshness.of(ageSeconds: 7199) == .slightlyStale)
    #expect(Freshness.of(ageSeconds: 7200) == .stale)
    #expect(Freshness.of(ageSeconds: 21_599) == .stale)
    #expect(Freshness.of(ageSeconds: 21_600) == .veryStale)
    #expect(Freshness.of(ageSeconds: 86_399) == .veryStale)
    #expect(Freshness.of(ageSeconds: 86_400) == .expired)
    #expect(Freshness.of(ageSeconds: nil) == .unknown)
}
