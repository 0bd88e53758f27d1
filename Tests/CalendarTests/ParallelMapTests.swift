import Foundation
import Glibc
import Synchronization
import Testing

@testable import Calendar

@Test func parallelWorkComesBackInIndexOrder() {
    let squares = ParallelMap.map(count: 100) { $0 * $0 }
    #expect(squares == (0..<100).map { Optional($0 * $0) })
}

@Test func parallelWorkRunsOnlyOnCoresNothingElseWants() {
    let policies = ParallelMap.map(count: 8) { _ in sched_getscheduler(0) }
    #expect(policies.allSatisfy { $0 == WorkerPriority.idlePolicy })
    #expect(sched_getscheduler(0) != WorkerPriority.idlePolicy)
}

@Test func parallelWorkersCarryANameTheKernelShows() throws {
    let names = ParallelMap.map(count: 4) { _ in
        Result { try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
    }
    for name in names {
        let comm = try #require(name).get()
        #expect(comm == ParallelMap.workerName + "\n")
    }
}

@Test func aWorkerNameLongerThanTheKernelKeepsIsCutNotDropped() throws {
    let done = DispatchSemaphore(value: 0)
    let comm = Mutex<Result<String, any Error>?>(nil)
    Thread {
        WorkerPriority.becomeWorker(named: "calendar worker with a long name")
        comm.withLock { $0 = Result { try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) } }
        done.signal()
    }.start()
    done.wait()
    let name = try #require(comm.withLock { $0 }).get()
    #expect(name == "calendar worker\n")
}
