import Testing

/// The suites that load the host as hard as they can (floods, 50,000 connections, a host whose
/// output nobody reads), one after another: run beside each other on two cores, each would
/// measure the others' load as much as its own host.
@Suite("Network play under load, one suite at a time", .serialized)
enum NetUnderLoad {}
