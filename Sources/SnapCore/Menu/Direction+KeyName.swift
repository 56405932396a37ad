/// A direction as the arrow key that moves the focus that way (a stick or d-pad in the menu).
extension Direction {
    var key: KeyName {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        }
    }
}
