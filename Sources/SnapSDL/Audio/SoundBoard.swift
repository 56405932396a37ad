import CSDL2Mixer
import SnapCore

/// Plays the table's sound cues: one chunk per cue from the art folder's `sounds/`, each on a
/// free mixer channel at its cue's share of the volume. With no device (none there, SDL's dummy
/// driver, a failure to open or to load) the board is silent and `notice` says why, once.
public final class SoundBoard {
    /// nil when silent.
    let device: AudioDevice?
    let chunks: [SoundCue: SoundChunk]
    /// 0...100, from the settings or --volume.
    public var volume: Int
    /// `M`, or --mute: for this run only.
    public var muted: Bool
    /// Why the board is silent, or what it opened: for one line in the log.
    public let notice: String
    public var isSilent: Bool { device == nil }

    public init(session: SDLSession, soundsDirectory: String, volume: Int, muted: Bool) {
        self.volume = min(100, max(0, volume))
        self.muted = muted
        var device: AudioDevice?
        var chunks: [SoundCue: SoundChunk] = [:]
        var notice: String
        do {
            let d = try AudioDevice(session: session)
            if d.driver == "dummy" {
                notice = "sound: no sound device (SDL's dummy audio driver): playing silently"
            } else {
                for cue in SoundCue.all {
                    chunks[cue] = try SoundChunk(device: d, path: soundsDirectory + "/" + cue.fileName + ".wav")
                }
                device = d
                notice = "sound: \(d.driver) audio, \(AudioDevice.rate) Hz stereo, \(chunks.count) sounds from \(soundsDirectory)"
            }
        } catch {
            chunks = [:]
            notice = "sound: no sound (\(error)): playing silently"
        }
        self.device = device
        self.chunks = chunks
        self.notice = notice
    }

    /// The mixer's frame count when `cue` was started (nil when nothing was played): the sound
    /// begins in the output at the next buffer from there.
    @discardableResult
    public func play(_ cue: SoundCue) -> Int? {
        guard let device, !muted, volume > 0, let chunk = chunks[cue] else { return nil }
        // SDL_mixer's full volume is 128; the chunk's volume is set before it plays, so its
        // first samples are already at the right level.
        let level = Int32((128 * cue.gain * Double(volume) / 100).rounded())
        guard level > 0 else { return nil }
        Mix_VolumeChunk(chunk.handle, level)
        let at = device.mixed.now
        // Every channel busy: this cue is dropped rather than cutting another off.
        return Mix_PlayChannelTimed(-1, chunk.handle, 0, -1) >= 0 ? at : nil
    }
}
