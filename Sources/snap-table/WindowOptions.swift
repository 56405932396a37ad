import ArgumentParser
import Logging
import SnapApp
import SnapCore
import SnapSDL

extension RendererKind: ExpressibleByArgument {}
extension SecondaryPolicy: ExpressibleByArgument {}
extension ExtraDisplayPolicy: ExpressibleByArgument {}

/// This machine's side of the table: the windows and the displays they open on, the controllers
/// and the sound. (`--help` lists the controllers between the displays and the renderer, so they
/// are in this group rather than one of their own.)
struct WindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Open the primary window on this display (see --list-displays).", valueName: "index"))
    var display: Int?

    @Option(help: "What the first other display shows: auto (a table view), mirror, table or off (default: Settings).")
    var secondary: SecondaryPolicy?

    @Option(name: .customLong("extra-displays"), help: "What every further display shows: table or off.")
    var extraDisplays: ExtraDisplayPolicy = .off

    @Flag(name: .customLong("list-displays"), help: "Print each display's index, name, bounds and DPI, then exit.")
    var listDisplays = false

    @Option(help: "Controllers: daemon (through snap-inputd's socket), sdl (read here, no daemon) or off.")
    var controllers: ControllerSource = .daemon

    @Option(name: .customLong("input-socket"), help: ArgumentHelp("The input daemon's socket (default: $XDG_RUNTIME_DIR/snap-table/input.sock).", valueName: "path"))
    var inputSocket: String?

    @Option(help: "Renderer: auto (GPU when there is one), software, or opengl / opengles2 (forced, even over a software OpenGL; an error when it cannot be made).")
    var renderer: RendererKind = .auto

    @Option(help: ArgumentHelp("Window size in pixels.", valueName: "WxH"))
    var size: String = "1280x720"

    @Flag(help: "Start fullscreen (default: Settings).")
    var fullscreen = false

    @Option(help: ArgumentHelp("Sound volume, 0 to 100 (default: Settings).", valueName: "n"))
    var volume: Int?

    @Flag(help: "Start with the sound muted (M toggles it).")
    var mute = false

    @Option(help: ArgumentHelp("The language of the screens for this run: a code such as fr, de, es, or en or system (default: Settings, else the desktop's).", valueName: "code"))
    var language: String?

    func validate() throws {
        if let v = volume, !(0...100).contains(v) { throw ValidationError("--volume must be 0 to 100, got \(v)") }
        _ = try windowSize()
        if let l = language, let why = Language.problem(l) { throw ValidationError("--language '\(l)': \(why)") }
    }

    /// `--size` as numbers, within `ScreenLimits`.
    func windowSize() throws -> (w: Int, h: Int) {
        let parts = size.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw ValidationError("--size must look like 1280x720, got '\(size)'")
        }
        if let why = ScreenLimits.problem(w: Double(w), h: Double(h)) {
            throw ValidationError("--size \(size): \(why) (windows are \(ScreenLimits.description))")
        }
        return (w, h)
    }

    /// `--secondary` wins over the settings' for this run (`auto` is kept as `table`).
    func apply(to s: inout Settings) {
        if let secondary { s.secondary = secondary == .auto ? .table : secondary }
    }

    /// `settings`: the file's, with this run's options over them. With `--controllers daemon` this
    /// makes the default socket's private folder (see `ControllerSource`).
    func apply(to o: inout AppOptions, settings: Settings, log: Logger) throws {
        o.renderer = renderer
        o.windowSize = try windowSize()
        o.fullscreen = fullscreen || settings.fullscreen
        o.volume = volume ?? settings.volume
        o.muted = mute
        controllers.apply(to: &o, socket: inputSocket, log: log)
        o.display = display
        o.secondary = secondary ?? settings.secondary
        o.extraDisplays = extraDisplays
        o.language = language
    }

    /// `--list-displays`: one line per display, in SDL's order (the indexes `--display` takes).
    static func printDisplays() throws {
        do {
            let session = try SDLSession()
            _ = session
            for (i, d) in DisplayQuery.current().enumerated() {
                let dpi = d.dpi.map { DecimalText.fixed($0, 0) + " dpi" } ?? "dpi unknown"
                print("\(i): \(d.name) \(Int(d.bounds.x)),\(Int(d.bounds.y)) \(Int(d.bounds.w))x\(Int(d.bounds.h)) \(dpi)")
            }
        } catch {
            StandardError.write("snap-table: error: \(error)\n")
            throw ExitCode(1)
        }
    }
}
