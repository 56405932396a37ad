#if canImport(Glibc)
import Glibc
#endif
import CAvahi
import Logging
import SnapCore

/// The browser's side that Avahi calls back: every service found (one per interface a game is
/// seen on), its resolver and what it resolved to. Touched only on Avahi's thread or before it
/// starts, never concurrently.
final class Browsing {
    struct Service {
        var interface: Int32
        var proto: Int32
        var name: String
        var type: String
        var domain: String
        var resolver: OpaquePointer?
        /// Resolved (or failed to): it no longer holds the list back from being settled.
        var settled = false
        var game: FoundGame?
    }

    /// Services (a game on two interfaces is two) kept at once.
    static let maxServices = 2 * GameBrowser.maxGames

    let log: Logger
    let report: @Sendable (GameBrowser.Snapshot) -> Void
    /// The current client (a new one after a daemon restart) and its browser.
    private var client: OpaquePointer?
    private var browser: OpaquePointer?
    private var services: [Service] = []
    private var allForNow = false
    private var failed = false
    private var last: GameBrowser.Snapshot?
    /// A failure while first browsing, thrown by the browser's init.
    private(set) var failure: DiscoveryError?

    init(log: Logger, report: @escaping @Sendable (GameBrowser.Snapshot) -> Void) {
        self.log = log
        self.report = report
    }

    func client(_ c: OpaquePointer, changedTo state: AvahiClientState) {
        client = c
        switch state {
        case AVAHI_CLIENT_S_RUNNING, AVAHI_CLIENT_S_REGISTERING, AVAHI_CLIENT_S_COLLISION:
            guard browser == nil, !failed else { return }
            browse(c)
        case AVAHI_CLIENT_FAILURE:
            // The browser and the resolvers are gone with the client.
            browser = nil
            services = []
            allForNow = false
            let code = avahi_client_errno(c)
            if code == Int32(AVAHI_ERR_DISCONNECTED) {
                log.warning("avahi-daemon went away: no games are found until it is back")
            } else {
                log.warning("stopped looking for games: \(DiscoveryError(avahi: code, doing: "keep browsing"))")
                failed = true
            }
            tell()
        default:
            break
        }
    }

    /// IPv4 only: `--join` takes an IPv4 address, and the host listens on IPv4.
    private func browse(_ c: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        browser = avahi_service_browser_new(c, Int32(AVAHI_IF_UNSPEC), Int32(AVAHI_PROTO_INET), GameRecord.serviceType, nil,
                                            AvahiLookupFlags(0), { _, interface, proto, event, name, type, domain, _, context in
            guard let context else { return }
            Unmanaged<Browsing>.fromOpaque(context).takeUnretainedValue()
                .browsed(event, interface: interface, proto: proto, name: name, type: type, domain: domain)
        }, context)
        if browser == nil {
            let why = DiscoveryError("DNS-SD (Avahi) could not browse for \(GameRecord.serviceType): \(DiscoveryError.text(avahi_client_errno(c)))")
            log.warning("\(why)")
            failure = failure ?? why
            failed = true
            tell()
        }
    }

    func browsed(_ event: AvahiBrowserEvent, interface: Int32, proto: Int32,
                 name: UnsafePointer<CChar>?, type: UnsafePointer<CChar>?, domain: UnsafePointer<CChar>?) {
        switch event {
        case AVAHI_BROWSER_NEW:
            guard let name, let type, let domain else { return }
            found(interface: interface, proto: proto, name: String(cString: name), type: String(cString: type), domain: String(cString: domain))
        case AVAHI_BROWSER_REMOVE:
            guard let name, let type, let domain else { return }
            let (n, t, d) = (String(cString: name), String(cString: type), String(cString: domain))
            services.removeAll { s in
                guard s.interface == interface, s.proto == proto, s.name == n, s.type == t, s.domain == d else { return false }
                if let r = s.resolver { avahi_service_resolver_free(r) }
                return true
            }
        case AVAHI_BROWSER_ALL_FOR_NOW:
            allForNow = true
        case AVAHI_BROWSER_FAILURE:
            log.warning("stopped looking for games: \(client.map { DiscoveryError.text(avahi_client_errno($0)) } ?? "browsing failed")")
            failed = true
        default:
            break
        }
        tell()
    }

    private func found(interface: Int32, proto: Int32, name: String, type: String, domain: String) {
        guard !services.contains(where: { $0.interface == interface && $0.proto == proto && $0.name == name && $0.domain == domain }) else { return }
        let names = Set(services.map(\.name))
        guard services.count < Self.maxServices, names.contains(name) || names.count < GameBrowser.maxGames else {
            log.debug("ignored \"\(name.prefix(64))\": \(Self.maxServices) services or \(GameBrowser.maxGames) games are found already")
            return
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let resolver = avahi_service_resolver_new(client, interface, proto, name, type, domain, Int32(AVAHI_PROTO_INET), AvahiLookupFlags(0), {
            r, _, _, event, _, _, _, _, address, port, txt, _, context in
            guard let r, let context else { return }
            Unmanaged<Browsing>.fromOpaque(context).takeUnretainedValue().resolved(r, event, address: address, port: port, txt: txt)
        }, context)
        if resolver == nil {
            log.debug("cannot resolve \"\(name.prefix(64))\": \(client.map { DiscoveryError.text(avahi_client_errno($0)) } ?? "")")
        }
        services.append(Service(interface: interface, proto: proto, name: name, type: type, domain: domain,
                                resolver: resolver, settled: resolver == nil))
    }

    private func resolved(_ r: OpaquePointer, _ event: AvahiResolverEvent,
                          address: UnsafePointer<AvahiAddress>?, port: UInt16, txt: UnsafeMutablePointer<AvahiStringList>?) {
        guard let i = services.firstIndex(where: { $0.resolver == r }) else { return }
        services[i].settled = true
        services[i].game = nil
        if event == AVAHI_RESOLVER_FOUND, let address {
            var text = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
            avahi_address_snprint(&text, text.count, address)
            let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let label = services[i].name
            do {
                let entries = AvahiText.entries(txt)
                let free = try GameRecord.free(name: label, txt: entries)
                let game = try GameRecord.game(txt: entries)
                if port == 0 || host.isEmpty { throw DiscoveryError("no address or port") }
                services[i].game = FoundGame(name: label, host: host, port: Int(port), free: free, game: game)
            } catch {
                log.debug("ignored \"\(label.prefix(64))\" at \(host):\(port): \(error)")
            }
        } else {
            // It did not answer in time: forget the resolver; the browser says if it goes.
            log.debug("could not resolve \"\(services[i].name.prefix(64))\": \(client.map { DiscoveryError.text(avahi_client_errno($0)) } ?? "")")
            avahi_service_resolver_free(r)
            services[i].resolver = nil
        }
        tell()
    }

    /// One game per name: the service on a LAN interface (joinable from other machines too)
    /// before loopback, then the lowest interface, so the choice is the same on every call.
    var games: [FoundGame] {
        var best: [String: Service] = [:]
        for s in services where s.game != nil {
            if let b = best[s.name], Self.rank(b) <= Self.rank(s) { continue }
            best[s.name] = s
        }
        return best.values.compactMap(\.game).sorted { $0.name < $1.name }
    }

    private static func rank(_ s: Service) -> (Int, Int32) {
        ((s.game?.host.hasPrefix("127.") ?? true) ? 1 : 0, s.interface)
    }

    var settled: Bool { failed || (allForNow && services.allSatisfy(\.settled)) }

    /// Hands the snapshot on when it changed.
    private func tell() {
        let now = GameBrowser.Snapshot(games: games, settled: settled)
        guard now != last else { return }
        last = now
        report(now)
    }
}
