/// Draws the menu in the table's own style: the felt, the title in the game's lettering, items
/// as the game's buttons with the focused one in the active player's gold. The table view on
/// the TV shows the same screen (the window scales it to the big screen); while hosting (the
/// host's screen and its house rules) it shows the join code alone, as large as it goes, for the
/// couch to read.
public enum MenuSceneBuilder {
    public static func build(_ menu: Menu, role: WindowRole, metrics: TextMetrics, canvas: Size) -> DisplayList {
        var still: [DrawCommand] = [.image(.table, Rect(x: 0, y: 0, w: canvas.w, h: canvas.h)),
                                    .fill(Rect(x: 0, y: 0, w: canvas.w, h: canvas.h), Color(0, 8, 4, 90))]
        if role == .table, let lobby = menu.screen.lobby, menu.keyboard == nil {
            return DisplayList(canvas: canvas, still: (still + couchLobby(lobby, words: menu.words, metrics: metrics)).map(roomy))
        }
        let titleScale = menu.screen == .main && menu.keyboard == nil ? 1.6 : 1.1
        still += GamePieces.shadowed(menu.title, .title, .status, in: MenuLayout.title, metrics: metrics, scale: titleScale)
        if let hint = menu.hint {
            if case .message = menu.screen {
                still += GamePieces.wrapped(hint, .status, .hintText, in: Rect(x: 200, y: 150, w: 880, h: 150), lineHeight: 40,
                                            maxLines: 3, metrics: metrics, shadow: true)
            } else {
                // A long message (why no games can be found) takes a second line.
                still += GamePieces.wrapped(hint, .hint, .hintText, in: MenuLayout.hint, lineHeight: 22, maxLines: 2,
                                            metrics: metrics, shadow: true)
            }
        }
        if case .host(let lobby) = menu.screen, menu.keyboard == nil {
            still += lobbyPanel(lobby, words: menu.words, metrics: metrics)
            let below = MenuLayout.rects(menu).last.map { $0.y + $0.h + 26 } ?? 420
            still += phones(lobby.invite, below: below, words: menu.words, metrics: metrics)
        }
        if let kb = menu.keyboard {
            let value = menu.value(of: kb.field)
            still.append(.stretched(.panel, MenuLayout.keyboardField.insetBy(dx: -4, dy: -4), cap: 24))
            still += [GamePieces.centred(value + "_", .status, .buttonText, in: MenuLayout.keyboardField, metrics: metrics)]
        }
        for (item, r) in zip(menu.items, MenuLayout.rects(menu)) {
            still += self.item(item, in: r, focused: item.id == menu.focus, pressed: item.id == menu.pressed, metrics: metrics)
        }
        return DisplayList(canvas: canvas, still: still.map(roomy))
    }

    /// Text drawn on a bigger window is rendered at that size, a little wider than the 1x
    /// measure times the scale: its box gets the slack so the last letter is not cut off (the
    /// text is left-aligned in it, so nothing moves).
    static func roomy(_ c: DrawCommand) -> DrawCommand {
        guard case .text(let s, let style, let colour, let r, let scale) = c else { return c }
        return .text(s, style, colour, Rect(x: r.x, y: r.y, w: r.w * 1.06 + 3, h: r.h), scale: scale)
    }

    static func item(_ item: MenuItem, in r: Rect, focused: Bool, pressed: Bool, metrics: TextMetrics) -> [DrawCommand] {
        let box = r.offsetBy(dx: 0, dy: pressed ? 2 : -1)
        let art: ImageRef = !item.enabled ? .buttonDisabled : focused ? .activePlayer : pressed ? .buttonPressed : .button
        let colour: Color = !item.enabled ? .disabledText : focused ? .activeName : .buttonText
        let style: TextStyle = item.kind == .key ? .status : .button
        var out: [DrawCommand] = [.stretched(art, r.insetBy(dx: focused ? -2 : -4, dy: focused ? -2 : -4), cap: focused ? 20 : 18)]
        switch item.kind {
        case .text(let value, let placeholder):
            let labelBox = Rect(x: box.x + 20, y: box.y, w: 150, h: box.h)
            let label = TextFit.shrinkingFit(item.label, width: labelBox.w, style: .button, metrics: metrics)
            out.append(.text(label.text, .button, colour, labelBox, scale: label.scale))
            let field = Rect(x: box.x + 170, y: box.y + 7, w: box.w - 186, h: box.h - 14)
            out.append(.fill(field, Color(12, 30, 20, 150)))
            let shown = value.isEmpty ? placeholder : value + (focused ? "_" : "")
            let textBox = field.insetBy(dx: 10, dy: 0)
            // What was typed is the person's own: a long address or name is cut by design.
            out.append(.text(TextFit.fit(shown, width: textBox.w, style: .button, metrics: metrics, designed: true), .button,
                             value.isEmpty ? .disabledText : .buttonText, textBox))
        case .choice:
            out.append(GamePieces.centred(item.label, style, colour, in: box.insetBy(dx: 44, dy: 0), metrics: metrics))
            if item.enabled {
                out.append(GamePieces.centred("\u{2039}", .status, colour, in: Rect(x: box.x + 8, y: box.y, w: 30, h: box.h), metrics: metrics))
                out.append(GamePieces.centred("\u{203A}", .status, colour, in: Rect(x: box.x + box.w - 38, y: box.y, w: 30, h: box.h), metrics: metrics))
            }
        case .action, .key:
            out.append(GamePieces.centred(item.label, style, colour, in: box.insetBy(dx: 12, dy: 0), metrics: metrics))
        }
        return out
    }

    /// The host's screen, left: the code large, the address, and the seats as players sign in.
    static func lobbyPanel(_ lobby: HostLobby, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        let p = MenuLayout.codePanel
        var out: [DrawCommand] = [.stretched(.panel, p.insetBy(dx: -4, dy: -4), cap: 32)]
        out += [GamePieces.centred(words.tr("Join code"), .hint, .buttonText, in: Rect(x: p.x, y: p.y + 16, w: p.w, h: 30), metrics: metrics)]
        out += [GamePieces.centred(lobby.code, .title, .buttonText, in: Rect(x: p.x, y: p.y + 48, w: p.w, h: 96), metrics: metrics, scale: 1.8)]
        out += [GamePieces.centred(words.tr("or by address: {address}", ["address": lobby.address]), .hint, .buttonText,
                                   in: Rect(x: p.x + 20, y: p.y + 150, w: p.w - 40, h: 30), metrics: metrics)]
        out += seatRows(lobby, in: Rect(x: p.x + 30, y: p.y + 200, w: p.w - 60, h: 300), style: .name, words: words, metrics: metrics)
        return out
    }

    /// The host's screen, right, under the items: the QR code for phones with the link whole
    /// under it, and how other machines join beside it. The code shrinks when Free seat items
    /// push it down, and gives way to the words alone when too little room is left to scan it.
    static func phones(_ invite: JoinInvite, below: Double, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        let column = Rect(x: 730, y: below, w: 470, h: 690 - below)
        let side = min(170, column.h - 40)
        guard let qr = invite.qr, side >= 110 else {
            return GamePieces.wrapped(words.tr("Phones open {link} and other machines choose Join a game; the code lets them in.", ["link": invite.url]),
                                      .hint, .hintText, in: column, lineHeight: 28, maxLines: 5, metrics: metrics)
        }
        let beside = Rect(x: column.x + side + 20, y: column.y, w: column.w - side - 20, h: side)
        return QRCodePicture.commands(qr, in: Rect(x: column.x, y: column.y, w: side, h: side))
            + GamePieces.wrapped(words.tr("Phones: scan this code with the camera."), .hint, .hintText,
                                 in: Rect(x: beside.x, y: beside.y, w: beside.w, h: beside.h / 2), lineHeight: 26, maxLines: 3, metrics: metrics)
            + GamePieces.wrapped(words.tr("Other machines: Join a game, then this table."), .hint, .hintText,
                                 in: Rect(x: beside.x, y: beside.y + beside.h / 2, w: beside.w, h: beside.h / 2), lineHeight: 26,
                                 maxLines: 3, metrics: metrics)
            + [.text(TextFit.fit(invite.url, width: column.w, style: .hint, metrics: metrics, designed: true), .hint, .hintText,
                     Rect(x: column.x, y: column.y + side + 6, w: column.w, h: 30))]
    }

    /// The TV during hosting: the code as large as it goes, the address, the seats, and the QR
    /// code a phone's camera reads from across the room with its link under it.
    static func couchLobby(_ lobby: HostLobby, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        var out = GamePieces.shadowed(words.tr("Join code"), .status, .hintText, in: Rect(x: 0, y: 40, w: 1280, h: 50), metrics: metrics, scale: 1.2)
        out += GamePieces.shadowed(lobby.code, .title, .status, in: Rect(x: 0, y: 100, w: 1280, h: 170), metrics: metrics, scale: 3.2)
        out += GamePieces.shadowed(lobby.address, .status, .hintText, in: Rect(x: 0, y: 290, w: 1280, h: 50), metrics: metrics, scale: 1.2)
        var panel = Rect(x: 290, y: 370, w: 700, h: 320)
        if let qr = lobby.invite.qr {
            panel = Rect(x: 110, y: 370, w: 640, h: 320)
            let square = Rect(x: 850, y: 366, w: 276, h: 276)
            out += QRCodePicture.commands(qr, in: square)
            out += GamePieces.shadowed(lobby.invite.url, .hint, .hintText, in: Rect(x: 780, y: 648, w: 416, h: 36), metrics: metrics)
        }
        out.append(.stretched(.panel, panel.insetBy(dx: -4, dy: -4), cap: 32))
        out += seatRows(lobby, in: panel.insetBy(dx: 30, dy: 20), style: .status, words: words, metrics: metrics)
        return out
    }

    static func seatRows(_ lobby: HostLobby, in box: Rect, style: TextStyle, words: Words, metrics: TextMetrics) -> [DrawCommand] {
        let rowH = box.h / 4
        return lobby.seats.prefix(4).enumerated().flatMap { i, s -> [DrawCommand] in
            let r = Rect(x: box.x, y: box.y + Double(i) * rowH, w: box.w, h: rowH)
            let kind: String
            switch s.kind {
            // TRANSLATORS: who plays a seat, beside it on the host's screen.
            case .you: kind = words.tr("you")
            case .network: kind = words.tr("joined")
            case .away: kind = words.tr("away")
            case .controller: kind = words.tr("controller")
            case .computer: kind = words.tr("computer plays")
            case .empty: kind = words.tr("stays empty")
            }
            let left = Rect(x: r.x, y: r.y, w: r.w * 0.68, h: r.h)
            let right = Rect(x: r.x + r.w * 0.7, y: r.y, w: r.w * 0.3, h: r.h)
            let open = s.kind == .empty || s.kind == .computer
            let name = open ? words.tr("Seat {n}: open", ["n": String(s.seat + 1)])
                : words.tr("Seat {n}: {who}", ["n": String(s.seat + 1), "who": s.name])
            let who = TextFit.shrinkingFit(kind, width: right.w, style: .hint, metrics: metrics)
            return [.text(TextFit.fit(name, width: left.w, style: style, metrics: metrics, designed: !open), style, .buttonText, left),
                    .text(who.text, .hint, .buttonText, right, scale: who.scale)]
        }
    }
}
