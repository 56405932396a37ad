import Testing
@testable import SnapCore

@Suite("Seat positions print as their names")
struct SeatPositionTests {
    /// Interpolating a seat used to recurse through `description` until the stack overflowed.
    @Test func interpolationGivesTheSeatName() {
        #expect("\(SeatPosition.bottom)" == "bottom")
        #expect(SeatPosition.allCases.map { "\($0)" } == ["bottom", "left", "top", "right"])
        #expect(String(describing: SeatPosition.right) == "right")
        #expect("seat \(SeatPosition.left.description)" == "seat left")
    }
}
