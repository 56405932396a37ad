import Testing
@testable import SnapApp

struct FrameLogTests {
    @Test func aLineIsTheTimeToTheMicrosecondAndTheBubbles() {
        #expect(FrameLog.line(time: 12.5, bubbles: ["ann", "ben"]) == "12.500000 ann,ben\n")
        #expect(FrameLog.line(time: 0.000042, bubbles: []) == "0.000042 \n")
        #expect(FrameLog.line(time: 3.9999996, bubbles: ["cy"]) == "4.000000 cy\n")
        #expect(FrameLog.line(time: 86_400.1234567, bubbles: ["Zoë"]) == "86400.123457 Zoë\n")
        #expect(FrameLog.line(time: -1, bubbles: ["a", "b", "c"]) == "0.000000 a,b,c\n")
    }
}
