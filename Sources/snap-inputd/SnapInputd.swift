import ArgumentParser
import Foundation
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

    @Flag(help: .hidden)
    var virtualControl = false

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let reader = try ControllerReader(ownsSDL: true)
        let server = try SocketServer(path: socketPath ?? InputSocket.defaultPath())
        FileHandle.standardError.write(Data("snap-inputd: listening on \(server.path)\n".utf8))
        var stop = false
        var control = Data()
        while !stop {
            // Idle without controllers: SDL only needs to notice a plug-in now and then.
            let timeout: Int32 = reader.hasControllers ? Int32(1000 / max(1, rate)) : 250
            var fds = server.pollSet.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if virtualControl { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            for f in fds where f.revents != 0 {
                if f.fd == server.pollSet[0] {
                    server.acceptNew(greeting: reader.currentControllers())
                } else if virtualControl && f.fd == 0 {
                    var buf = [UInt8](repeating: 0, count: 1024)
                    let n = read(0, &buf, buf.count)
                    if n <= 0 { stop = true; continue }
                    control.append(contentsOf: buf[0..<n])
                    while let nl = control.firstIndex(of: 0x0A) {
                        let line = String(decoding: control[control.startIndex..<nl], as: UTF8.self)
                        control = Data(control[(nl + 1)...])
                        if let err = reader.control(line) { FileHandle.standardError.write(Data("snap-inputd: \(err)\n".utf8)) }
                    }
                } else {
                    server.readFrom(f.fd)
                }
            }
            server.broadcast(reader.poll())
            // SDL turns SIGINT and SIGTERM into a quit event.
            if reader.quitRequested { stop = true }
        }
    }
}
