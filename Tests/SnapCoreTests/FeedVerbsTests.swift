import Testing
@testable import SnapCore

@Suite("Live feed verbs: the replay verbs a running table takes")
struct FeedVerbsTests {
    @Test func menuAndGameVerbsBecomeTheSameInputsAsInAReplay() throws {
        #expect(try FeedVerbs.input("choose host")?.get() == .choose("host"))
        #expect(try FeedVerbs.input("text K7F2Q # the code")?.get() == .text("K7F2Q"))
        #expect(FeedVerbs.input("seat add Ann") == nil, "seat verbs are the seat feed's")
        guard case .failure(let why)? = FeedVerbs.input("choose") else { Issue.record("choose without an id was taken"); return }
        #expect(why.message.contains("choose"))
    }

    @Test func displayLinesAreChangesForTheShellToSimulate() throws {
        #expect(try FeedVerbs.displayChange("display disconnect DUMMY1")?.get() == .disconnect(name: "DUMMY1"))
        #expect(try FeedVerbs.displayChange("display connect TV 1920 1080")?.get() == .connect(name: "TV", size: Size(w: 1920, h: 1080)))
        #expect(FeedVerbs.displayChange("choose host") == nil)
        #expect(FeedVerbs.input("display disconnect TV") == nil, "a display line is not the session's input")
        guard case .failure? = FeedVerbs.displayChange("display connect TV big") else { Issue.record("a bad size was taken"); return }
    }
}
