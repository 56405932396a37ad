/// One value's identity through its copies: a new game or sandbox starts its revisions from zero
/// again, so a kept picture compares this (`===`) as well as the revision.
final class Identity: Sendable {}
