// The offline drafting default: short comments built from templates and the post's own words, so
// the demo and an installation without a model key still get sensible drafts to approve. A model
// (openai-text-generator.ts) writes far better ones; every draft is reviewed by a person anyway.
import type { CommentDraftInput, TextGenerator } from "./types";

const OPENERS = ["Great point", "Really well put", "Thanks for sharing this", "Interesting take", "This resonates"];
const CLOSERS = ["Curious to see how this plays out.", "Looking forward to your next post.", "Thanks for putting this into words.", "Food for thought for the week."];

const STOPWORDS = new Set(
  "a an and are as at be but by for from has have how i in is it its of on or our so that the their this to was we what when who why will with you your about just more than into not".split(" "),
);

/** The post's most telling word or two, for the comment to show it was read. */
function topic(text: string): string | null {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[a-zà-ÿ][a-zà-ÿ-]{3,}/g) ?? []) {
    if (!STOPWORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0];
  return best ? best[0] : null;
}

function pick<T>(items: readonly T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return items[hash % items.length]!;
}

export function draftCommentOffline(input: CommentDraftInput): string {
  const seed = `${input.post.url}|${input.prompt}`;
  const name = input.lead.firstName?.trim();
  const subject = topic(input.post.text);
  const opener = `${pick(OPENERS, seed)}${name ? `, ${name}` : ""}!`;
  const middle = subject ? `Your point on ${subject} is one more teams should think about.` : "This is a perspective more teams should hear.";
  return `${opener} ${middle} ${pick(CLOSERS, `${seed}|close`)}`;
}

export const offlineTextGenerator: TextGenerator = {
  name: "offline",
  draftComment: async (input) => draftCommentOffline(input),
};
