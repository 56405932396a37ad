import SnapCore

/// What the shell needs to know from SDL, with window pixel coordinates as SDL gives them.
public enum InputEvent: Equatable, Sendable {
    case pointerDown(window: UInt32, Point)
    case pointerMove(window: UInt32, Point)
    case pointerUp(window: UInt32, Point)
    case key(KeyName)
    /// Text typed (UTF-8, as the keyboard layout and input method made it).
    case text(String)
    case focusLost(window: UInt32)
    case windowClose(window: UInt32)
    /// The window's size or content needs a fresh frame.
    case needsRedraw(window: UInt32)
    /// The renderer lost its textures (device reset): drop caches.
    case renderTargetsReset
    /// A display was added, removed or moved, or a window changed display: re-read the list.
    case displaysChanged
    case quit
}
