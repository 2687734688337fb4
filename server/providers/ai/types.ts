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

/** What a per-lead AI line is written from: the step's prompt, the lead's profile, latest post and company. */
export interface AiLineInput {
  /** The line's name, as the copy uses it (`{{ai.icebreaker}}`). */
  name: string;
  /** The step's instructions for the line. */
  prompt: string;
  /** The longest line, in characters. */
  maxLength: number;
  lead: { firstName: string | null; lastName: string | null; headline: string | null; jobTitle: string | null; company: string | null; location: string | null };
  /** The lead's latest post, when one was read. */
  post: { text: string; url: string } | null;
  sender: { fullName: string | null };
}

/**
 * Writes short texts for outreach: comments on a lead's post, and per-lead lines for a step's copy. An interface so that the offline
 * default (templates, no external service) and an OpenAI-compatible model are interchangeable by
 * configuration (HERALD_AI_PROVIDER).
 */
export interface TextGenerator {
  readonly name: string;
  /** A comment ready to post (plain text, at most 1,250 characters). Throws when the model fails. */
  draftComment(input: CommentDraftInput): Promise<string>;
  /** One line for a step's copy (plain text, one or two sentences, at most `maxLength` characters). Throws when the model fails. */
  writeLine(input: AiLineInput): Promise<string>;
}
