import Foundation
import TestPrograms
import Testing
import VigorRPC

#if canImport(Glibc)
import Glibc
#endif

@Suite(.removesScratchFolders, .serialized) struct ProtocolOverSocketTests {
    let daemon: DaemonHarness

    /// vigord as shipped, without test hooks: only the documented methods are served. No test here reads the time.
    init() throws {
        // machine clock: vigord as shipped has no test hooks, so no debug method; nothing here depends on the time.
        daemon = try DaemonHarness(label: "protocol", testHooks: false)
        try daemon.start()
    }

    private func reply(_ frame: String) throws -> JSONValue {
        let data = try daemon.connect().exchange(Data(frame.utf8))
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    private func code(_ value: JSONValue) -> JSONValue? {
        value.objectValue?["error"]?.objectValue?["code"]
    }

    @Test func theSocketAndItsFolderAreTheOwnersAlone() throws {
        let socket = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
        #expect((socket[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (daemon.socketPath as NSString).deletingLastPathComponent)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test func everyStandardErrorComesBackOverTheSocket() throws {
        #expect(code(try reply("{nope")) == -32700)
        #expect(code(try reply(#"{"jsonrpc":"2.0","id":1}"#)) == -32600)
        #expect(code(try reply(#"{"jsonrpc":"2.0","method":"nothing.here","id":1}"#)) == -32601)
        #expect(code(try reply(#"{"jsonrpc":"2.0","method":"status","params":{"verbose":true},"id":1}"#)) == -32602)
        #expect(code(try reply("[]")) == -32600)
    }

    @Test func notificationIsNotAnsweredButTheNextRequestIs() throws {
        let connection = try daemon.connect()
        let both = #"{"jsonrpc":"2.0","method":"status"}"# + "\n" + #"{"jsonrpc":"2.0","method":"status","id":"second"}"#
        let data = try connection.exchange(Data(both.utf8))
        let response = try JSONDecoder().decode(RPCResponse.self, from: data)
        #expect(response.id == .string("second"))
    }

    @Test func frameOfExactlyTheLimitIsServed() throws {
        let request = #"{"jsonrpc":"2.0","method":"status","id":1}"#
        let padded = request.dropLast() + String(repeating: " ", count: RPCCoding.maximumFrameBytes - request.utf8.count) + "}"
        #expect(padded.utf8.count == RPCCoding.maximumFrameBytes)
        let answer = try reply(String(padded))
        #expect(answer.objectValue?["result"]?.objectValue?["version"] == .string(VigorVersion.current))
    }

    @Test func oversizedFrameGetsInvalidRequestAndTheConnectionCloses() throws {
        let connection = try daemon.connect()
        let huge = Data(repeating: UInt8(ascii: "x"), count: RPCCoding.maximumFrameBytes + 1)
        let data = try connection.exchange(huge)
        let answer = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(code(answer) == -32600)
        do {
            _ = try connection.exchange(Data(#"{"jsonrpc":"2.0","method":"status","id":2}"#.utf8))
            Issue.record("the connection must be closed after an oversized frame")
        } catch {
            switch error {
            case .transport, .noAnswer: break
            default:
                Issue.record("expected a closed connection, got \(error)")
                return
            }
        }
        #expect(try daemon.connect().call(StatusMethod.self, NoParams()).version == VigorVersion.current)
    }

    @Test func everyDocumentedMethodIsServedAndNothingElse() throws {
        let document = try daemon.connect().call(DiscoverMethod.self, NoParams())
        guard case .array(let methods)? = document.objectValue?["methods"] else {
            Issue.record("rpc.discover must list methods")
            return
        }
        let names = methods.compactMap { $0.objectValue?["name"]?.stringValue }
        #expect(Set(names) == Set(MethodCatalog.all.map { $0.name }))
        for name in names {
            let answer = try reply(#"{"jsonrpc":"2.0","method":"\#(name)","params":{},"id":1}"#)
            #expect(code(answer) != -32601, "\(name) is documented but not served")
        }
    }

    @Test func vigorctlPrintsStatusAndRawJSON() throws {
        let human = try runCommand(Binaries.vigorctl, ["status", "--socket", daemon.socketPath])
        #expect(human.status == 0)
        #expect(human.stdout.contains("vigord \(VigorVersion.current) running, pid \(daemon.pid)"))
        let json = try runCommand(Binaries.vigorctl, ["status", "--json", "--socket", daemon.socketPath])
        #expect(json.status == 0)
        let status = try JSONDecoder().decode(DaemonStatus.self, from: Data(json.stdout.utf8))
        #expect(status.socket == daemon.socketPath)
    }

    @Test func vigorctlMethodsKeepsEveryNameApartFromItsSummary() throws {
        let result = try runCommand(Binaries.vigorctl, ["methods", "--socket", daemon.socketPath])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == MethodCatalog.all.count)
        for method in MethodCatalog.all {
            #expect(lines.contains { $0.hasPrefix(method.name + "  ") && $0.hasSuffix(method.summary) }, "\(method.name)")
        }
    }

    @Test func vigorctlHonoursVIGOR_SOCKET() throws {
        // No daemon may answer on the default socket: it would make this pass with VIGOR_SOCKET ignored.
        let elsewhere = try makeScratchFolder("vigor-socket-env")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = elsewhere
        environment["HOME"] = elsewhere
        environment["VIGOR_SOCKET"] = daemon.socketPath
        let result = try runCommand(Binaries.vigorctl, ["status", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        guard case .object(let status) = try JSONParser.parse(Data(result.stdout.utf8)) else {
            Issue.record("status --json is not an object: \(result.stdout)")
            return
        }
        #expect(status["pid"] == .integer(Int64(daemon.pid)))
        environment["VIGOR_SOCKET"] = elsewhere + "/absent.sock"
        let missing = try runCommand(Binaries.vigorctl, ["status", "--json"], environment: environment)
        #expect(missing.status == 3)
        // Under --json the error is JSON on stdout.
        #expect(missing.stdout.contains(elsewhere + "/absent.sock") && missing.stderr.isEmpty, "\(missing.stdout)\(missing.stderr)")
    }
}

@Test(.removesScratchFolders) func vigorctlWithoutADaemonSaysWhereItLookedAndExitsThree() throws {
    let folder = try makeScratchFolder("nodaemon")
    let result = try runCommand(Binaries.vigorctl, ["status", "--socket", folder + "/none.sock"])
    #expect(result.status == 3)
    #expect(result.stderr.contains(folder + "/none.sock"))
    #expect(result.stderr.contains("systemctl --user start vigord.socket"))
    #expect(result.stderr.split(separator: "\n").count == 1)
}

@Test(.removesScratchFolders) func vigorctlRejectsUnknownArgumentsAsUsageError() throws {
    let result = try runCommand(Binaries.vigorctl, ["status", "--frobnicate"])
    #expect(result.status == 64)
}
