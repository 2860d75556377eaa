/// How much of an answer a query asks for: `full` (the default, every number with its
/// inputs) or `brief` (sized for an agent's context, with a `more` member saying what
/// `full` adds).
enum AnswerDetail: String, Sendable, CaseIterable {
    case brief
    case full
}
