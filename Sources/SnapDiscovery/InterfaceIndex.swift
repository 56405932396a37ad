#if canImport(Glibc)
import Glibc
#endif

/// Which network interface a host's listening address belongs to: a game served on 127.0.0.1
/// is announced on the loopback interface only, where it can be joined, and not on the LAN.
enum InterfaceIndex {
    /// The index of the interface holding IPv4 address `bind`; nil for every interface
    /// (0.0.0.0, or an address no interface holds).
    static func holding(_ bind: String) -> Int32? {
        var wanted = in_addr()
        guard bind != "0.0.0.0", inet_pton(AF_INET, bind, &wanted) == 1 else { return nil }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var p = list
        while let a = p {
            defer { p = a.pointee.ifa_next }
            guard let sa = a.pointee.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET), let name = a.pointee.ifa_name else { continue }
            let addr = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            if addr == wanted.s_addr {
                let index = if_nametoindex(name)
                return index == 0 ? nil : Int32(index)
            }
        }
        return nil
    }
}
