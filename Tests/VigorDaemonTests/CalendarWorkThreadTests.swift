import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import Calendar
@testable import VigorDaemon

#if canImport(Glibc)
import Glibc
#endif

@Test func calendarJobsRunOneAtATimeInTheOrderTheyCame() async {
    let worker = CalendarWorkThread(name: "test calendar")
    let log = NIOLockedValueBox<[Int]>([])
    let running = NIOLockedValueBox(0)
    let overlapped = NIOLockedValueBox(false)
    for index in 0..<50 {
        worker.submit {
            let concurrent = running.withLockedValue { count -> Int in
                count += 1
                return count
            }
            if concurrent > 1 { overlapped.withLockedValue { $0 = true } }
            log.withLockedValue { $0.append(index) }
            running.withLockedValue { $0 -= 1 }
        }
    }
    await worker.drained()
    #expect(log.withLockedValue { $0 } == Array(0..<50))
    #expect(!overlapped.withLockedValue { $0 })
}

@Test func calendarJobsRunOnlyOnCoresNothingElseWants() async {
    let worker = CalendarWorkThread(name: "test calendar")
    let callerPolicy = sched_getscheduler(0)
    let jobPolicy = await worker.run { sched_getscheduler(0) }
    #expect(jobPolicy == WorkerPriority.idlePolicy)
    #expect(callerPolicy != WorkerPriority.idlePolicy)  // the caller's own thread is left as it was
}

@Test func calendarJobsRunOnAThreadTheKernelKnowsByName() async throws {
    let worker = CalendarWorkThread(name: "test calendar")
    let comm = await worker.run { Result { try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) } }
    #expect(try comm.get() == "test calendar\n")
}

@Test func aJobAfterTheQueueRanDryStillRuns() async throws {
    let worker = CalendarWorkThread(name: "test calendar")
    #expect(await worker.run { 1 } == 1)
    await worker.drained()
    #expect(await worker.run { 2 } == 2)
    let failure = await #expect(throws: CalendarError.self) {
        try await worker.run { () throws(CalendarError) -> Int in throw .unknownSource("travel") }
    }
    #expect(failure == .unknownSource("travel"))
}

@Test func aQueuedQueryRunsBeforeQueuedBackgroundJobs() async {
    let worker = CalendarWorkThread(name: "test calendar")
    let log = NIOLockedValueBox<[String]>([])
    let gate = DispatchSemaphore(value: 0)
    worker.submit {
        gate.wait()  // holds the thread until every other job is queued
        log.withLockedValue { $0.append("first") }
    }
    worker.submitInBackground { log.withLockedValue { $0.append("background 1") } }
    worker.submitInBackground { log.withLockedValue { $0.append("background 2") } }
    worker.submit { log.withLockedValue { $0.append("query") } }
    gate.signal()
    await worker.drained()
    #expect(log.withLockedValue { $0 } == ["first", "query", "background 1", "background 2"])
}
