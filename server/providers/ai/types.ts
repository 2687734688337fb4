// Reading a reply's intent. An interface so that the offline default (no external service) and an
// OpenAI-compatible model are interchangeable by configuration.
export type Interest = "interested" | "not_interested" | "neutral";

export interface ReplyClassifier {
  readonly name: string;
  /** The reply's interest, or null when it cannot tell. */
  classify(text: string): Promise<Interest | null>;
}

/** What a comment is drafted from: the campaign step's instructions, the lead's post and the lead. */
export interface CommentDraftInput {
  /** The comment post step's `prompt`. */
  prompt: string;
  post: { text: string; url: string };
  lead: { firstName: string | null; lastName: string | null; headline: string | null; company: string | null; jobTitle: string | null };
  sender: { fullName: string | null };
}

/**
 * Writes short texts for outreach: comments on a lead's post. An interface so that the offline
 * default (templates, no external service) and an OpenAI-compatible model are interchangeable by
 * configuration (HERALD_AI_PROVIDER).
 */
export interface TextGenerator {
  readonly name: string;
  /** A comment ready to post (plain text, at most 1,250 characters). Throws when the model fails. */
  draftComment(input: CommentDraftInput): Promise<string>;
}
