import Foundation
import Testing
@testable import SnapCore

/// A QR code of version 1 (21 modules) with a pattern that tells rows and columns apart:
/// dark where (x + 2y) % 3 == 0, plus the whole first row.
private func sampleCode(width: Int = 21) -> QRCode {
    QRCode(width: width, modules: (0..<width * width).map { i in
        let x = i % width, y = i / width
        return y == 0 || (x + 2 * y) % 3 == 0
    })!
}

/// The colour at `p` after drawing `commands` in order, as a renderer would.
private func colour(at p: Point, _ commands: [DrawCommand]) -> Color? {
    var out: Color?
    for case .fill(let r, let c) in commands where r.contains(p) { out = c }
    return out
}

@Suite("Joining by QR code: the invite, the code's modules and how they are drawn")
struct InviteTests {
    @Test func theLinkCarriesTheAddressAndTheCode() {
        #expect(JoinInvite(code: "K7F2Q", address: "192.168.1.20:7420").url == "http://192.168.1.20:7420/?code=K7F2Q")
        #expect(JoinInvite(code: "AB", address: "[fe80::1]:7420").url == "http://[fe80::1]:7420/?code=AB")
        #expect(JoinInvite.url(address: "h:1", code: "A&b=c d") == "http://h:1/?code=Abcd")
    }

    @Test func onlyASquareOfAQRCodesSizeIsACode() {
        #expect(QRCode(width: 21, modules: Array(repeating: false, count: 441)) != nil)
        #expect(QRCode(width: 25, modules: Array(repeating: false, count: 625)) != nil)
        #expect(QRCode(width: 22, modules: Array(repeating: false, count: 484)) == nil)
        #expect(QRCode(width: 21, modules: Array(repeating: false, count: 440)) == nil)
        #expect(QRCode(width: 181, modules: Array(repeating: false, count: 181 * 181)) == nil)
    }

    @Test func darkRunsCoverExactlyTheDarkModules() {
        let qr = sampleCode()
        for y in 0..<qr.width {
            var dark = Array(repeating: false, count: qr.width)
            for run in qr.darkRuns(row: y) {
                #expect(run.length > 0)
                for x in run.x..<(run.x + run.length) { dark[x] = true }
            }
            #expect(dark == (0..<qr.width).map { qr.isDark(x: $0, y: y) })
        }
        #expect(qr.darkRuns(row: 0).count == 1)
    }

    @Test func thePictureHasEveryModuleInPlaceWithTheQuietZoneLight() {
        let qr = sampleCode()
        let square = Rect(x: 101, y: 57, w: 140, h: 140)
        let commands = QRCodePicture.commands(qr, in: square)
        // 29 modules a side with the quiet zone: 4 units each, centred.
        let module = 4.0, side = Double(qr.width + 8) * module
        let origin = Point(x: (101 + (140 - side) / 2).rounded(), y: (57 + (140 - side) / 2).rounded())
        for my in -4..<(qr.width + 4) {
            for mx in -4..<(qr.width + 4) {
                let p = Point(x: origin.x + (Double(mx + 4) + 0.5) * module, y: origin.y + (Double(my + 4) + 0.5) * module)
                let inCode = (0..<qr.width).contains(mx) && (0..<qr.width).contains(my)
                let want = inCode && qr.isDark(x: mx, y: my) ? QRCodePicture.dark : QRCodePicture.light
                #expect(colour(at: p, commands) == want, "module \(mx),\(my)")
            }
        }
        // Nothing outside the square.
        for c in commands { #expect(square.contains(Point(x: c.bounds.x, y: c.bounds.y))) }
        // Every module is whole units wide: no module thinner than another on the canvas.
        for case .fill(let r, _) in commands { #expect(r.w == r.w.rounded() && r.x == r.x.rounded() && r.y == r.y.rounded()) }
    }

    @Test func aSquareTooSmallForOneUnitAModuleDrawsNothing() {
        #expect(QRCodePicture.commands(sampleCode(), in: Rect(x: 0, y: 0, w: 20, h: 20)).isEmpty)
    }

    @Test func theHostScreenAndTheTVShowTheCodeWithTheLink() throws {
        var s = menuSession(name: "Hal")
        s.choose("host")
        let invite = JoinInvite(code: "K7F2Q", address: "10.0.0.2:7420", qr: sampleCode())
        _ = s.handle(.net(.hosting(headless: false, invite: invite)), at: 1)
        _ = s.handle(.menu(.hosting(invite)), at: 1)
        let m = FixedMetrics(perChar: 9)
        for role in [WindowRole.primary, .table] {
            let list = MenuSceneBuilder.build(s.menu!, role: role, metrics: m, canvas: Size(w: 1280, h: 720))
            #expect(list.still.contains { $0 == .fill($0.bounds, QRCodePicture.dark) }, "\(role): no QR code")
            let texts = list.still.compactMap { c -> String? in if case .text(let t, _, _, _, _) = c { t } else { nil } }
            #expect(texts.joined(separator: " ").contains("http://10.0.0.2:7420/?code=K7F2Q"), "\(role): \(texts)")
        }
        // The state names the link the QR code holds.
        let menu = try #require(try s.state(at: 1)["menu"] as? [String: Any])
        #expect(menu["url"] as? String == "http://10.0.0.2:7420/?code=K7F2Q")
    }

    @Test func beforeTheDealTheCornerIsAboveTheVeil() throws {
        var g = GameTable(seating: DemoSeating.make(), bots: .normal, seed: 3)
        let invite = JoinInvite(code: "K7F2Q", address: "10.0.0.2:7420", qr: sampleCode())
        _ = g.net(.hosting(headless: false, invite: invite), at: 0)
        let screen = g.screen(at: 0)
        guard case .start = screen.overlay else { Issue.record("no start overlay: \(String(describing: screen.overlay))"); return }
        let layers = GameTableViewBuilder.layers(screen, metrics: FixedMetrics(perChar: 9))
        let veil = try #require(layers.overlay)
        let dark = veil.firstIndex { if case .fill(_, QRCodePicture.dark) = $0 { true } else { false } }
        #expect(dark != nil && dark! > 0, "the code is drawn after the veil")
    }

    @Test func theTVCornerShowsTheCodeWhileASeatIsOpenOnly() throws {
        var s = menuSession(name: "Hal")
        s.choose("host")
        let invite = JoinInvite(code: "K7F2Q", address: "10.0.0.2:7420", qr: sampleCode())
        _ = s.handle(.net(.hosting(headless: false, invite: invite)), at: 1)
        _ = s.handle(.menu(.hosting(invite)), at: 1)
        s.choose("start", at: 2)
        let m = FixedMetrics(perChar: 9)
        func corner(at t: Double) -> Bool {
            let list = GameTableViewBuilder.build(s.game!.screen(at: t), metrics: m)
            return list.still.contains { c in
                guard case .fill(let r, QRCodePicture.dark) = c else { return false }
                return GameTableViewBuilder.inviteSquare.contains(Point(x: r.x, y: r.y))
            }
        }
        #expect(s.game?.screen(at: 3).invite == invite)
        #expect(corner(at: 3))
        // The link beside it, in words, for a phone without a camera app that reads codes.
        let texts = GameTableViewBuilder.build(s.game!.screen(at: 3), metrics: m).still.compactMap { c -> String? in
            if case .text(let t, _, _, _, _) = c { t } else { nil }
        }
        #expect(texts.contains("http://10.0.0.2:7420/?code=K7F2Q"))
        // The player's own window never shows it: it is the couch's.
        let primary = GameSceneBuilder.build(s.game!.screen(at: 3), metrics: m)
        #expect(!primary.still.contains { $0 == .fill($0.bounds, QRCodePicture.dark) })
        for (i, p) in ["seat2", "seat3", "seat4"].enumerated() {
            _ = s.handle(.net(.joined(player: p, name: "P\(i)")), at: 4 + Double(i))
        }
        #expect(s.game?.screen(at: 8).invite == nil)
        #expect(!corner(at: 8))
        // One drops out: the seat waits for its token, so nobody new can take it.
        _ = s.handle(.net(.away(player: "seat3")), at: 9)
        #expect(s.game?.screen(at: 9).invite == nil)
        // Its grace runs out and the seat is free again: the code shows, and the shell sees a
        // new picture (a drag going on meanwhile reuses the screen at rest only while its key holds).
        _ = s.handle(.tick, at: 10)
        let revision = s.revision, key = s.game!.restKey
        _ = s.handle(.net(.released(player: "seat3")), at: 10)
        #expect(s.game?.screen(at: 10).invite == invite)
        #expect(s.revision != revision, "a freed seat must ask for a frame")
        #expect(s.game!.restKey != key, "a freed seat changes the screen at rest")
    }
}
