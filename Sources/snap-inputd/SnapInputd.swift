import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import SnapCore
import SnapSDL

/// Owns the game controllers and streams their events to SnapTable front ends over a Unix socket.
@main
struct SnapInputd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap-inputd",
        abstract: "Streams game-controller events to SnapTable over a local Unix socket (docs/input-protocol.md).")

    @Option(name: .customLong("input-socket"), help: ArgumentHelp("Socket path (default: $XDG_RUNTIME_DIR/snap-table/input.sock).", valueName: "path"))
    var socketPath: String?

    @Option(help: "Polls per second while controllers are connected.")
    var rate: Int = 125

    @Option(name: .customLong("exit-when-idle"), help: ArgumentHelp("Exit after this many seconds with no table connected (a table that starts the daemon asks for 300).", valueName: "seconds"))
    var exitWhenIdle: Double?

    @Flag(help: .hidden)
    var virtualControl = false

    func validate() throws {
        if let exitWhenIdle, let why = IdleExit.problem(exitWhenIdle) {
            throw ValidationError("--exit-when-idle \(exitWhenIdle) \(why)")
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        // SDL turns SIGINT and SIGTERM into a quit event; a parent that left them blocked
        // (test runners do) would make the daemon unstoppable short of SIGKILL.
        var quitSignals = sigset_t()
        sigemptyset(&quitSignals)
        sigaddset(&quitSignals, SIGINT)
        sigaddset(&quitSignals, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &quitSignals, nil)
        // The socket first: a refused place exits before SDL starts, having touched nothing.
        let server: SocketServer
        do {
            if let socketPath {
                server = try SocketServer(path: socketPath, privateDirectory: nil)
            } else {
                let place = InputSocket.defaultLocation()
                if let warning = place.warning { say(warning) }
                server = try SocketServer(path: place.path, privateDirectory: place.directory)
            }
        } catch {
            say("\(error)")
            throw ExitCode.failure
        }
        let reader = try ControllerReader(ownsSDL: true)
        say("listening on \(server.path)")
        var stop = false
        var control = Data()
        var idle = exitWhenIdle.map(IdleExit.init(limit:))
        while !stop {
            // Idle without controllers: SDL only needs to notice a plug-in now and then.
            let now = Self.now()
            if idle?.note(clients: server.clients.count, at: now) == true, let limit = exitWhenIdle {
                say("no table connected for \(DecimalText.fixed(limit, 1)) s: exiting")
                break
            }
            var timeout: Int32 = reader.hasControllers ? Int32(1000 / max(1, rate)) : 250
            if let rest = server.restMilliseconds(now: now) { timeout = min(timeout, rest) }
            if let left = idle?.millisecondsLeft(at: now) { timeout = min(timeout, left) }
            var fds = server.pollSet(now: now).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if virtualControl { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            for f in fds where f.revents != 0 {
                if server.isListener(f.fd) {
                    server.acceptNew(greeting: reader.currentControllers(), now: now)
                } else if virtualControl && f.fd == 0 {
                    var buf = [UInt8](repeating: 0, count: 1024)
                    let n = read(0, &buf, buf.count)
                    if n <= 0 { stop = true; continue }
                    control.append(contentsOf: buf[0..<n])
                    while let nl = control.firstIndex(of: 0x0A) {
                        let line = String(decoding: control[control.startIndex..<nl], as: UTF8.self)
                        control = Data(control[(nl + 1)...])
                        if let err = reader.control(line) { say("\(err)") }
                    }
                } else {
                    server.readFrom(f.fd)
                }
            }
            server.broadcast(reader.poll(stamp: Self.now))
            // SDL turns SIGINT and SIGTERM into a quit event.
            if reader.quitRequested { stop = true }
        }
    }

    private func say(_ message: String) {
        StandardError.write("snap-inputd: \(message)\n")
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
