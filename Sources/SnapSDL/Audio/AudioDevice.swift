import CSDL2
import CSDL2Mixer
import Synchronization

/// SDL's audio subsystem and SDL_mixer's output device, open for the life of this object, in a
/// fixed format (44100 Hz, signed 16-bit little-endian, stereo) so what SDL's `disk` driver
/// writes can be read back. Keeps SDL up: SDL_Quit comes after Mix_CloseAudio.
public final class AudioDevice {
    public static let rate = 44100
    public static let channels = 2
    /// Frames per mix: about 12 ms, so a sound starts within a frame of the table's.
    public static let bufferFrames = 512
    /// Mixer channels: enough for a deal's ticks, calls and verdicts at once.
    static let mixChannels: Int32 = 24

    let session: SDLSession
    public let driver: String
    /// Frames the mixer has finished; its audio thread counts them.
    public let mixed: MixClock

    public init(session: SDLSession) throws {
        self.session = session
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { throw SDLError("SDL_InitSubSystem(audio)") }
        driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "none"
        guard Mix_OpenAudioDevice(Int32(Self.rate), UInt16(AUDIO_S16LSB), Int32(Self.channels), Int32(Self.bufferFrames), nil, 0) == 0 else {
            let e = SDLError("Mix_OpenAudioDevice")
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw e
        }
        Mix_AllocateChannels(Self.mixChannels)
        // Each cue's level is its chunk's volume; channels stay at full.
        Mix_Volume(-1, 128)
        mixed = MixClock()
        Mix_SetPostMix({ udata, _, bytes in
            guard let udata else { return }
            let clock = Unmanaged<MixClock>.fromOpaque(udata).takeUnretainedValue()
            clock.frames.add(Int(bytes) / (2 * AudioDevice.channels), ordering: .relaxed)
        }, Unmanaged.passUnretained(mixed).toOpaque())
    }

    deinit {
        Mix_HaltChannel(-1)
        Mix_SetPostMix(nil, nil)
        Mix_CloseAudio()
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }
}

/// How far the mixer has got, in frames since the device opened: the output's own clock (a
/// file SDL's `disk` driver writes holds exactly these frames, in order).
public final class MixClock: Sendable {
    let frames = Atomic<Int>(0)
    public var now: Int { frames.load(ordering: .relaxed) }
}
