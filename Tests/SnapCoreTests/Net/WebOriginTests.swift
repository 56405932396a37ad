import Testing
@testable import SnapCore

@Suite("WebOrigin: who may open the WebSocket")
struct WebOriginTests {
    @Test func aClientWithoutOriginIsLetIn() {
        #expect(WebOrigin.allows(origin: nil, host: "192.168.1.20:7420"))
        #expect(WebOrigin.allows(origin: nil, host: nil))
    }

    @Test func aSnapTableClientNamingItsSocketIsLetIn() {
        #expect(WebOrigin.allows(origin: "ws://192.168.1.20", host: "192.168.1.20:7420"))
        #expect(WebOrigin.allows(origin: "WSS://table.local", host: nil))
    }

    @Test func theHostsOwnPageIsLetIn() {
        #expect(WebOrigin.allows(origin: "http://192.168.1.20:7420", host: "192.168.1.20:7420"))
        #expect(WebOrigin.allows(origin: "http://Table.Local:7420", host: "table.local:7420"))
    }

    @Test func anyOtherSiteIsRefused() {
        #expect(!WebOrigin.allows(origin: "http://evil.example", host: "192.168.1.20:7420"))
        #expect(!WebOrigin.allows(origin: "http://192.168.1.20:7421", host: "192.168.1.20:7420"))
        #expect(!WebOrigin.allows(origin: "https://192.168.1.20:7420", host: "192.168.1.20:7420"))
        #expect(!WebOrigin.allows(origin: "null", host: "192.168.1.20:7420"))
        #expect(!WebOrigin.allows(origin: "http://192.168.1.20:7420", host: nil))
        #expect(!WebOrigin.allows(origin: "http://", host: ""))
    }

    @Test func aPageUnderAnotherSitesNameIsRefusedEvenWhenItsDNSPointsHere() {
        // DNS rebinding: the page's origin equals the Host it asks for, but the name is not ours.
        #expect(!WebOrigin.allows(origin: "http://evil.example:7420", host: "evil.example:7420"))
        #expect(!WebOrigin.allows(origin: "http://1.2.3.4.evil.example:7420", host: "1.2.3.4.evil.example:7420"))
        #expect(!WebOrigin.allows(origin: "http://.local:7420", host: ".local:7420"))
        #expect(!WebOrigin.allows(origin: "http://300.1.1.1:7420", host: "300.1.1.1:7420"))
        // Addresses, localhost and mDNS names are the host's own.
        #expect(WebOrigin.allows(origin: "http://localhost:7420", host: "localhost:7420"))
        #expect(WebOrigin.allows(origin: "http://[fe80::1]:7420", host: "[fe80::1]:7420"))
        #expect(WebOrigin.allows(origin: "http://10.0.0.2", host: "10.0.0.2"))
    }
}
