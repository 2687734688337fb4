// Reading a reply's intent. An interface so that the offline default (no external service) and an
// OpenAI-compatible model are interchangeable by configuration.
export type Interest = "interested" | "not_interested" | "neutral";

export interface ReplyClassifier {
  readonly name: string;
  /** The reply's interest, or null when it cannot tell. */
  classify(text: string): Promise<Interest | null>;
}
