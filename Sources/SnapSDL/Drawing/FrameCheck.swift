import CSDL2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SnapCore

/// `SNAP_VERIFY_FRAMES=1`: after a window presents, the same display list is drawn again from
/// scratch, whole, into a texture of the same renderer, and the two pictures are compared. A
/// window draws damage-only frames over a kept still layer; any state that goes stale there
/// (a clip lost mid-frame, a cached copy drawn wrong, damage missed) shows as a mismatch.
///
/// The reference is drawn by a `SceneRenderer` of its own (its own texture cache and still
/// layer, the still layer dropped before every frame), on the same renderer, so the same driver
/// rasterises both pictures. Where it lands: a window redrawn whole every frame (OpenGL) takes
/// it in its back buffer, after the present, where nobody sees it and the next frame covers it;
/// OpenGL rasterises an edge at a fractional position one row apart in a texture (drawn
/// upside down) and in the window, so only the window gives the same pixels. The software
/// renderer's window keeps the last frame for the next damage-only one: there the reference
/// goes into a texture, which that renderer draws exactly as it draws the window.
public final class FrameCheck {
    public let renderer: Renderer
    private let reference: SceneRenderer
    private var target: Texture?
    /// A colour channel may differ by this much and the pixel still counts as the same.
    public let tolerance: Int
    /// Where the first mismatching frames are written as PNGs; nil: nowhere.
    public let directory: String?
    /// Names the PNGs: `frame-check-NAME-N-presented.png`, `-expected.png`, `-diff.png`.
    public let name: String
    /// How many mismatching frames are written at most.
    public let keep: Int
    public private(set) var checked = 0
    public private(set) var mismatched = 0
    /// The PNGs written so far.
    public private(set) var written: [String] = []
    /// The last mismatch, for the log.
    public private(set) var lastDiff: FrameDiff?
    /// The list checked before this one.
    private var previous: DisplayList?

    static func describe(_ list: DisplayList) -> String {
        "still:\n" + list.still.map { "  \($0)" }.joined(separator: "\n") + "\nmoving:\n" + list.moving.map { "  \($0)" }.joined(separator: "\n") + "\n"
    }

    /// Why the last mismatch's PNGs could not be written, if they could not.
    public private(set) var writeError: String?

    /// Both pictures come from the same driver drawing into the same kind of target, so they
    /// must be the same bytes: measured so on the software renderer and on OpenGL and OpenGL ES 2
    /// through Mesa's llvmpipe. A GPU driver free to round differently between two draws of the
    /// same frame would need a tolerance (`SNAP_VERIFY_FRAMES_TOLERANCE`).
    public static let defaultTolerance = 0

    /// The reference goes into the window itself (see above).
    public let intoWindow: Bool

    /// `windowRedrawnWhole`: the window's own frames never build on the last one, so the
    /// reference may be drawn into it once it is presented.
    public init(renderer: Renderer, art: ArtLibrary, windowRedrawnWhole: Bool, directory: String?, name: String,
                keep: Int = 5, tolerance: Int? = nil) {
        self.renderer = renderer
        intoWindow = windowRedrawnWhole
        reference = SceneRenderer(renderer: renderer, art: art)
        reference.drawsDamageOnly = false
        self.directory = directory
        self.name = name
        self.keep = keep
        self.tolerance = tolerance ?? Self.defaultTolerance
    }

    /// What the window holds now: call after drawing a frame and before presenting it (an
    /// OpenGL back buffer is undefined once presented).
    public func readPresented() throws -> Surface { try renderer.readPixels() }

    /// Draws `list` whole from scratch and compares it with `presented`; a mismatch is counted
    /// and, while fewer than `keep` were, written. Leaves the window as the render target.
    @discardableResult
    public func check(_ list: DisplayList, presented: Surface) throws -> FrameDiff {
        let w = presented.width, h = presented.height
        if !intoWindow, target == nil || target!.width != w || target!.height != h {
            target = try renderer.makeLayerTexture(width: w, height: h)
        }
        reference.frameTarget = target
        reference.invalidate()
        renderer.setTarget(target)
        let expected: Surface
        do {
            defer { renderer.setTarget(nil) }
            try reference.draw(list)
            renderer.setTarget(target)
            expected = try renderer.readPixels()
        }
        checked += 1
        let diff = FrameDiff.compare(presented, expected, tolerance: tolerance)
        defer { previous = list }
        guard !diff.matches else { return diff }
        mismatched += 1
        lastDiff = diff
        if let directory, mismatched <= keep {
            let base = PathText.join(directory, "frame-check-\(name)-\(mismatched)")
            // A picture that cannot be written is reported, not fatal: play goes on, still counted.
            do {
                try presented.savePNG(to: base + "-presented.png")
                try expected.savePNG(to: base + "-expected.png")
                try FrameDiff.picture(presented, expected, tolerance: tolerance).savePNG(to: base + "-diff.png")
                written += [base + "-presented.png", base + "-expected.png", base + "-diff.png"]
                // The frame's display list and the one before it: what changed between them is
                // what the damage-only frame had to get right.
                let text = "differing: \(diff)\n\nthis frame:\n\(Self.describe(list))\nthe frame before:\n\(previous.map(Self.describe) ?? "none")\n"
                try Data(text.utf8).write(to: URL(fileURLWithPath: base + "-lists.txt"))
            } catch {
                writeError = "\(error)"
            }
        }
        return diff
    }
}
