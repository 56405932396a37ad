import CSDL2
import Foundation
import Testing
@testable import SnapCore
@testable import SnapSDL

/// The sound board through SDL's `disk` audio driver (the mixed output written to a file) and a
/// driver that cannot open. Part of the rendering suite so SDL is up once at a time.
extension RenderingTests {
    @Test func aSoundBoardPlaysIntoTheDiskDriverAndIsSilentWithoutADevice() throws {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("sound-\(getpid()).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let sounds = RenderingTests.resources + "/sounds"
        let s = try SDLSession(forceDriver: "offscreen")
        SDL_SetHintWithPriority("SDL_AUDIODRIVER", "disk", SDL_HINT_OVERRIDE)
        setenv("SDL_DISKAUDIOFILE", raw, 1)
        do {
            let board = SoundBoard(session: s, soundsDirectory: sounds, volume: 80, muted: false)
            #expect(!board.isSilent, "\(board.notice)")
            board.muted = true
            #expect(board.play(.wrongCall) == nil)
            board.muted = false
            board.volume = 0
            #expect(board.play(.wrongCall) == nil)
            board.volume = 80
            let start = try #require(board.play(.wrongCall))
            // Wait (bounded) until the mixer is 0.3 s past the start, then read the file.
            let deadline = Date().addingTimeInterval(20)
            while board.device!.mixed.now < start + 13230, Date() < deadline { SDL_Delay(10) }
            #expect(board.device!.mixed.now >= start + 13230)
            let data = try Data(contentsOf: URL(fileURLWithPath: raw))
            let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            let before = samples.prefix(start * 2).map { abs(Int($0)) }.max() ?? 0
            let after = samples.dropFirst(start * 2).prefix(13230 * 2).map { abs(Int($0)) }.max() ?? 0
            #expect(before == 0 && after > 3000, "peak \(before) before the buzzer, \(after) after")
        }
        SDL_SetHintWithPriority("SDL_AUDIODRIVER", "no-such-driver", SDL_HINT_OVERRIDE)
        let silent = SoundBoard(session: s, soundsDirectory: sounds, volume: 80, muted: false)
        #expect(silent.isSilent && silent.notice.contains("no sound"))
        #expect(silent.play(.snapWon) == nil)
        SDL_SetHintWithPriority("SDL_AUDIODRIVER", "", SDL_HINT_OVERRIDE)
    }
}
