// swift-tools-version: 6.1
import PackageDescription

// SnapTable: a pure Swift core (SnapCore) that knows nothing of SDL, a thin SDL layer (SnapSDL),
// the application shell that joins them (SnapApp), and the executables built on top.
let package = Package(
    name: "SnapTable",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "snap-table", targets: ["snap-table"]),
        .executable(name: "snap-bench", targets: ["snap-bench"]),
        .executable(name: "snap-inputd", targets: ["snap-inputd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Without its default FullFoundation trait: the table links FoundationEssentials only (no ICU).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Hummingbird's own NIO: the web client's file reads run on a thread pool the server owns.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Mixer", pkgConfig: "SDL2_mixer", providers: [.apt(["libsdl2-mixer-dev"])]),
        // Avahi's own client API (not its dns_sd compatibility layer, which warns on stderr at every use).
        .systemLibrary(name: "CAvahi", pkgConfig: "avahi-client", providers: [.apt(["libavahi-client-dev"])]),
        // QR codes of the phones' join link, for the host screen and the TV.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // glibc's posix_spawn with its GNU extensions (a new session, close inherited descriptors).
        .systemLibrary(name: "CSpawn", providers: [.apt(["libc6-dev"])]),
        // glibc's malloc tuning (mallopt).
        .systemLibrary(name: "CMalloc", providers: [.apt(["libc6-dev"])]),
        // glibc's gettext: the words a player reads, from po/'s catalogs.
        .systemLibrary(name: "CGettext", providers: [.apt(["libc6-dev"])]),
        .target(name: "SnapCore"),
        .target(
            name: "SnapSDL",
            dependencies: ["SnapCore", "SnapPaint", "CSDL2", "CSDL2Image", "CSDL2TTF", "CSDL2Mixer"]
        ),
        // Pixels the CPU paints itself (the felt), optimized in debug builds too: unoptimized, a
        // 1920x1080 felt took 200 ms, and the window tests drive whole frames through it.
        .target(
            name: "SnapPaint",
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .target(
            name: "SnapApp",
            dependencies: [
                "SnapCore", "SnapSDL", "SnapNet", "SnapDiscovery", "CSpawn", "CQRencode", "CMalloc", "CGettext",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Network play's transport: moves WebSocket frames only; NetHost in SnapCore decides.
        .target(
            name: "SnapNet",
            dependencies: [
                "SnapCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Finding games on the local network and announcing one (DNS-SD through avahi-daemon).
        .target(
            name: "SnapDiscovery",
            dependencies: ["SnapCore", "CAvahi", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "snap-table",
            dependencies: ["SnapApp", "SnapDiscovery", "CMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "snap-bench",
            dependencies: ["SnapApp", "SnapSDL", "SnapCore", "SnapNet", "CSDL2", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "snap-inputd",
            dependencies: ["SnapCore", "SnapSDL", "CSDL2", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "SnapCoreTests", dependencies: ["SnapCore"]),
        .testTarget(name: "SnapDiscoveryTests", dependencies: ["SnapDiscovery", "SnapCore"]),
        .testTarget(name: "SnapAppTests", dependencies: ["SnapApp", "SnapCore"]),
        .testTarget(name: "SnapSDLTests", dependencies: ["SnapSDL", "SnapCore", "SnapApp", "SnapPaint"]),
        .testTarget(name: "SnapTableE2ETests", dependencies: ["SnapCore", "SnapNet"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// `SNAP_SANITIZE=address` (scripts/test's AddressSanitizer pass) instruments the package's own
// targets only, in the same build directory: the dependencies built for the first pass are reused,
// not built a second time. Changing the variable rebuilds only SnapTable's own modules.
if let sanitizer = Context.environment["SNAP_SANITIZE"], !sanitizer.isEmpty {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        if target.type == .executable || target.type == .test {
            target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        }
    }
}
