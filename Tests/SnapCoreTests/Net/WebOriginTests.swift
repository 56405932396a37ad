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
}
