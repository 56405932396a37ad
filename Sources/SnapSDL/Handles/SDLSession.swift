import CSDL2
import CSDL2Image
import CSDL2TTF
import Foundation

/// SDL, SDL_image and SDL_ttf initialised for the life of this object. One per process, created
/// and used on the main thread.
public final class SDLSession {
    public let videoDriver: String
    /// What came of SnapTable's choice of driver (VideoDriverChoice); nil when SDL chose alone.
    public let videoDriverOutcome: VideoDriverChoice.Outcome?
    /// A GPU device is there (GLProbe), looked up once for the driver's choice and the renderer's.
    public let hasGPUDevice: Bool
    /// Windows alive now (the art decodes a picture once for all of their renderers).
    public internal(set) var openWindows = 0

    /// `forceDriver` overrides SDL_VIDEODRIVER (headless runs pass "offscreen"); without it,
    /// VideoDriverChoice decides from the environment.
    public init(forceDriver: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let gpu = GLProbe.hasGPUDevice()
        let choice = VideoDriverChoice.decide(environment: environment, hasGPUDevice: gpu)
        if let d = forceDriver {
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, d, SDL_HINT_OVERRIDE)
        } else if let hint = choice.hint {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, hint)
        }
        // The software renderer draws into the window's own surface; without this SDL would show
        // that surface through an OpenGL texture (Mesa's software rasteriser on machines without
        // a GPU), costing more CPU than all our drawing.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Our own windows are scaled by hand; a screensaver should still start while the table idles.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // Press-and-drag focuses and acts at once, as players expect from a card table.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let reason = String(cString: SDL_GetError())
            throw SDLError("SDL_Init(video)", reason: reason
                + ". No usable display: start an X server or Wayland session, or run headless with SDL_VIDEODRIVER=offscreen (or --screenshot DIR).")
        }
        let flags = Int32(IMG_INIT_PNG.rawValue)
        guard IMG_Init(flags) & flags == flags else {
            let e = SDLError("IMG_Init(PNG)")
            SDL_Quit()
            throw e
        }
        guard TTF_Init() == 0 else {
            let e = SDLError("TTF_Init")
            IMG_Quit()
            SDL_Quit()
            throw e
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        videoDriver = driver
        videoDriverOutcome = forceDriver == nil ? choice.outcome(driver: driver) : nil
        hasGPUDevice = gpu
        // SDL falls back to its offscreen driver when it finds no display; a window nobody can
        // see would wait forever, so unless that was asked for, say what is wrong instead.
        let asked = forceDriver != nil || environment["SDL_VIDEODRIVER"] != nil
        if !asked && (videoDriver == "offscreen" || videoDriver == "dummy") {
            // deinit shuts SDL down again: the object is whole by now.
            throw SDLError("SDL_Init(video)", reason: "no usable display (SDL found only its \(videoDriver) driver)"
                + ". Start an X server or Wayland session, or render headless with --screenshot DIR (SDL_VIDEODRIVER=offscreen).")
        }
    }

    deinit {
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
        // SDL frees its per-thread data (the error message) only on threads it created; on any
        // other (a test's worker thread) that would leak when the thread ends.
        SDL_TLSCleanup()
    }
}
