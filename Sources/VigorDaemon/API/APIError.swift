import ICalendarKit
import GhostEngine
import Store
import VigorRPC

/// The one mapping from the daemon's typed errors to the JSON-RPC errors a client sees (Docs/rpc.md).
enum APIError {
    /// The API error for `error`; an error no rule names is passed on, and the dispatcher answers it as
    /// an internal error and logs it.
    static func mapped(_ error: any Error) -> any Error {
        switch error {
        case let error as RPCErrorObject:
            return error
        case let error as EngineError:
            return RPCErrorObject(.engineRefused, error.message, data: ["engineCode": .string(error.code)])
        case let error as StoreError:
            return RPCErrorObject(.storageFailed, "Storage failed; nothing was changed: \(error.description)")
        case CalendarError.unknownSource(let name):
            return RPCErrorObject(.unknownSource, "Unknown calendar source: \(name)")
        case let error as HealthIntakeError:
            return RPCErrorObject(error.stopped ? .shuttingDown : error.storage ? .storageFailed : .importFailed, error.description)
        case BackendError.blockNotInLedger(let block):
            return RPCErrorObject(.engineRefused, "Nothing changed: \(BackendError.blockNotInLedger(block)).")
        case BackendError.observerHoldsNothing:
            return RPCErrorObject(
                .engineRefused, "Nothing held: \(BackendError.observerHoldsNothing).",
                data: ["engineCode": .string("observer-holds-nothing")])
        case let error as BackendError:
            if case .workoutMissing = error { return RPCErrorObject(.internalError, "Internal error") }
            if case .notSacred = error { return invalidParams("field 'slot': \(error)") }
            if case .nothingToHold = error { return invalidParams("field 'day': \(error)") }
            if case .sessionsOutOfBounds = error { return invalidParams("field 'count': \(error)") }
            return invalidParams(error.description)
        case let error as CalendarPublishError:
            return RPCErrorObject(.calendarWriteFailed, "Saved, but the calendar could not be written: \(error.cause)")
        default:
            return error
        }
    }

    /// An invalid-params error naming the field, the way every handler words it.
    static func invalidParams(_ reason: String) -> RPCErrorObject {
        RPCErrorObject(.invalidParams, "Invalid params: \(reason)")
    }
}
