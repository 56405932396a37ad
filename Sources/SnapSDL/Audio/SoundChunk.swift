import CSDL2
import CSDL2Mixer

/// One decoded sound in the mixer's format; freed with this object, before the device closes.
public final class SoundChunk {
    let handle: UnsafeMutablePointer<Mix_Chunk>
    /// The device it was converted for; closed only after this chunk is freed.
    let device: AudioDevice

    /// Loads a WAV file (Mix_FreeChunk halts any channel still playing it).
    public init(device: AudioDevice, path: String) throws {
        guard let rw = SDL_RWFromFile(path, "rb") else { throw SDLError("SDL_RWFromFile(\(path))") }
        guard let c = Mix_LoadWAV_RW(rw, 1) else { throw SDLError("Mix_LoadWAV(\(path))") }
        handle = c
        self.device = device
    }

    deinit { Mix_FreeChunk(handle) }
}
