import Testing
@testable import SnapCore

@Suite("Input daemon protocol: lines in, messages out, bad input dropped")
struct InputProtocolTests {
    static let every: [InputMessage] = [
        .hello(version: 1, server: "snap-inputd 1.0"),
        .added(id: 7, name: "Xbox 360 Controller \"wireless\"", profile: .extendedGamepad, player: 1),
        .added(id: 0, name: "8BitDo", profile: .gamepad, player: 0),
        .removed(id: 7),
        .button(id: 7, .a, pressed: true, value: 1),
        .button(id: 7, .rightTrigger, pressed: false, value: 0.25),
        .axis(id: 7, .leftThumbstick, x: -0.5, y: 1),
        .axis(id: 7, .dpad, x: 0, y: 0),
        .button(id: 7, .x, pressed: true, value: 1, time: 12_345.678_901_234),
        .axis(id: 7, .rightThumbstick, x: 0.5, y: -0.25, time: 0),
    ]

    @Test func everyMessageRoundTrips() throws {
        for m in Self.every {
            let line = m.encoded()
            #expect(!line.contains("\n"))
            #expect(try InputMessage.decode(Substring(line)) == m, "\(line)")
        }
    }

    @Test(arguments: [
        ("garbage", "invalid line: not a JSON object"),
        ("[1,2]", "invalid line: not a JSON object"),
        (#"{"id": 1}"#, "invalid line: no \"type\""),
        (#"{"type": "rumble", "id": 1}"#, "unknown message type 'rumble'"),
        (#"{"type": "removed", "id": -1}"#, "removed message: missing or out-of-range \"id\""),
        (#"{"type": "removed", "id": 1.5}"#, "removed message: missing or out-of-range \"id\""),
        (#"{"type": "removed", "id": true}"#, "removed message: missing or out-of-range \"id\""),
        (#"{"type": "axis", "id": 1, "axis": "dpad", "x": 2, "y": 0}"#, "axis message: missing or out-of-range \"x\""),
        (#"{"type": "axis", "id": 1, "axis": "dpad", "x": 0, "y": "up"}"#, "axis message: missing or out-of-range \"y\""),
        (#"{"type": "axis", "id": 1, "axis": "tail", "x": 0, "y": 0}"#, "axis message: missing or out-of-range \"axis\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": 1, "value": 1}"#, "button message: missing or out-of-range \"pressed\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1e999}"#, "invalid line: not a JSON object"),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1.5}"#, "button message: missing or out-of-range \"value\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1, "time": -0.001}"#, "button message: missing or out-of-range \"time\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1, "time": "12.5"}"#, "button message: missing or out-of-range \"time\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1, "time": true}"#, "button message: missing or out-of-range \"time\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1, "time": null}"#, "button message: missing or out-of-range \"time\""),
        (#"{"type": "button", "id": 1, "button": "a", "pressed": true, "value": 1, "time": 1e300}"#, "button message: missing or out-of-range \"time\""),
        (#"{"type": "axis", "id": 1, "axis": "dpad", "x": 0, "y": 0, "time": -5}"#, "axis message: missing or out-of-range \"time\""),
        (#"{"type": "axis", "id": 1, "axis": "dpad", "x": 0, "y": 0, "time": 1e999}"#, "invalid line: not a JSON object"),
        (#"{"type": "added", "id": 1, "name": "", "profile": "gamepad", "player": 0}"#, "added message: missing or out-of-range \"name\""),
        (#"{"type": "added", "id": 1, "name": "x", "profile": "wheel", "player": 0}"#, "added message: missing or out-of-range \"profile\""),
        (#"{"type": "hello", "protocol": "other", "version": 1, "server": "x"}"#, "hello message: missing or out-of-range \"protocol\""),
    ])
    func badLinesAreDroppedWithTheReason(line: String, reason: String) {
        #expect(throws: InputProtocolError.self) { try InputMessage.decode(Substring(line)) }
        do { _ = try InputMessage.decode(Substring(line)) } catch { #expect(error.description == reason) }
    }

    @Test func timeIsOptionalAndReadBack() throws {
        // Version 1 lines without "time" (older daemons) still decode, to no time.
        let old = try InputMessage.decode(#"{"type": "button", "id": 2, "button": "x", "pressed": true, "value": 1}"#)
        #expect(old == .button(id: 2, .x, pressed: true, value: 1))
        #expect(old.time == nil)
        #expect(!old.encoded().contains("time"))
        let stamped = try InputMessage.decode(#"{"type": "button", "id": 2, "button": "x", "pressed": true, "value": 1, "time": 8765.4321}"#)
        #expect(stamped.time == 8765.4321)
        #expect(stamped != old)
        #expect(try InputMessage.decode(#"{"type": "axis", "id": 2, "axis": "dpad", "x": 1, "y": 0, "time": 3}"#).time == 3)
        #expect(InputMessage.removed(id: 2).time == nil)
        // A stamp does not change what the message means to the table.
        #expect(stamped.padCommand == old.padCommand)
    }

    @Test func framerDropsOversizeLinesAndKeepsFraming() {
        var f = InputLineFramer(limit: 64)
        let good = InputMessage.removed(id: 3).encoded()
        var pieces = f.feed(Array((good + "\n" + String(repeating: "x", count: 200) + "\n" + good + "\n").utf8))
        #expect(pieces == [.line(good), .dropped(.oversize(64)), .line(good)])
        // Split across reads, then the peer closes mid-line.
        pieces = f.feed(Array(good.utf8.prefix(5))) + f.feed(Array(good.utf8.dropFirst(5)) + [0x0A]) + f.feed(Array("{\"ty".utf8))
        #expect(pieces == [.line(good)])
        #expect(f.finish() == .dropped(.truncated(4)))
        #expect(f.finish() == nil)
    }

    @Test func fuzzedLinesNeverCrashAndGoodLinesStillArrive() {
        var rng = SplitMix64(seed: 99)
        var framer = InputLineFramer()
        var stream: [UInt8] = []
        var expected: [InputMessage] = []
        for i in 0..<20_000 {
            let m = Self.every[Int(rng.next() % UInt64(Self.every.count))]
            var bytes = Array(m.encoded().utf8)
            if i % 3 == 0 {
                // Mutate: flip, insert or delete bytes (never a newline, so framing holds).
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let at = Int(rng.next() % UInt64(bytes.count))
                    switch rng.next() % 3 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: 1 + rng.next() % 255)
                    case 1: bytes.insert(UInt8(0x20 + rng.next() % 90), at: at)
                    default: bytes.remove(at: at)
                    }
                    bytes = bytes.map { $0 == 0x0A ? 0x20 : $0 }
                }
            } else {
                expected.append(m)
            }
            stream += bytes + [0x0A]
        }
        var decoded: [InputMessage] = []
        for piece in framer.feed(stream) {
            if case .line(let l) = piece, let m = try? InputMessage.decode(Substring(l)) { decoded.append(m) }
        }
        // Every unmutated line arrives, in order (a mutated one may still happen to be valid).
        var it = decoded.makeIterator()
        var matched = 0
        for want in expected {
            while let got = it.next() { if got == want { matched += 1; break } }
        }
        #expect(matched == expected.count)
    }
}
