import ArgumentParser
import Logging
import SnapApp
import SnapCore

/// `--controllers`: where the table reads game controllers from. Not `CaseIterable`: the option's
/// help names the choices itself, and a list of values would change `--help`.
enum ControllerSource: String, ExpressibleByArgument {
    /// Through snap-inputd's socket; the table starts the installed daemon when none answers.
    case daemon
    /// Read through SDL in this process, no daemon.
    case sdl
    case off

    /// Sets where controllers come from; for the daemon, its socket (`socket`, or the default one)
    /// and whether the table starts it.
    func apply(to o: inout AppOptions, socket: String?, log: Logger) {
        o.controllersThroughSDL = self == .sdl
        guard self == .daemon else { return }
        // The default socket's private folder, once it is there and ours: the autostarted daemon logs in it.
        var socketFolder: String?
        if let socket {
            o.inputSocket = socket
        } else {
            // The XDG spec asks for a warning when its runtime directory is missing.
            let location = InputSocket.defaultLocation()
            // The daemon warns when it makes the directory. The table makes it too, by the
            // daemon's rules (ours, 0700): with the folder there it can sleep until the
            // daemon's socket appears in it instead of checking on a timer.
            if let warning = location.warning { log.info("\(warning)") }
            do {
                try SocketPlace.preparePrivateDirectory(location.directory)
                socketFolder = location.directory
            } catch {
                log.warning("controllers: \(error); the table will not find the input daemon there")
            }
            o.inputSocket = location.path
        }
        // A window's controllers need the daemon: the table starts the installed one when
        // none answers (not in a default folder that was refused: the daemon would refuse it too).
        if socket != nil || socketFolder != nil {
            o.inputDaemonAutostart = InputDaemonLauncher.Plan(socketGiven: socket != nil, logDirectory: socketFolder)
        }
    }
}
