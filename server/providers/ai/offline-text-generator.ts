// The offline drafting default: short comments built from templates and the post's own words, so
// the demo and an installation without a model key still get sensible drafts to approve. A model
// (openai-text-generator.ts) writes far better ones; every draft is reviewed by a person anyway.
import type { AiLineInput, CommentDraftInput, TextGenerator } from "./types";

const OPENERS = ["Great point", "Really well put", "Thanks for sharing this", "Interesting take", "This resonates"];
const MIDDLES = [
  "What you wrote about {topic} is something more teams should think about.",
  "The part on {topic} stuck with me.",
  "Your take on {topic} matches what I keep hearing from peers.",
  "I had not looked at {topic} from that angle before.",
];
const CLOSERS = ["Curious to see how this plays out.", "Looking forward to your next post.", "Thanks for putting this into words.", "Food for thought for the week."];

const STOPWORDS = new Set(
  "a an and are as at be but by can for from had has have here how i in is it its let me my of on or our out so that the their them then there these they this those to too up us very was we were what when where which who why will with would you your about after again all also any been before being could did does doing each every few just more most much no not now only other over same should some such than into very while".split(" "),
);

/**
 * The post's most telling phrase, for the comment to show it was read: the most frequent pair of
 * consecutive content words ("support team"), else the most frequent content word; ties go to the
 * earliest, so the same post always gives the same phrase.
 */
export function postTopic(text: string): string | null {
  const words = (text.toLowerCase().replace(/https?:\/\/\S+/g, " ").match(/#?[a-zà-ÿ][a-zà-ÿ'-]*/g) ?? []).map((word) => word.replace(/^#/, "").replace(/['-]+$/, ""));
  const content = (word: string | undefined) => word !== undefined && word.length >= 3 && !STOPWORDS.has(word);
  const pairs = new Map<string, number>();
  const singles = new Map<string, number>();
  words.forEach((word, index) => {
    if (!content(word)) return;
    if (word.length >= 4) singles.set(word, (singles.get(word) ?? 0) + 1);
    const next = words[index + 1];
    if (content(next)) pairs.set(`${word} ${next}`, (pairs.get(`${word} ${next}`) ?? 0) + 1);
  });
  const best = (counts: Map<string, number>) => [...counts.entries()].reduce<[string, number] | null>((top, entry) => (!top || entry[1] > top[1] ? entry : top), null);
  const pair = best(pairs);
  if (pair && pair[1] > 1) return pair[0];
  const single = best(singles);
  if (single && single[1] > 1) return single[0];
  return pair?.[0] ?? single?.[0] ?? null;
}

function pick<T>(items: readonly T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return items[hash % items.length]!;
}

export function draftCommentOffline(input: CommentDraftInput): string {
  const seed = `${input.post.url}|${input.prompt}`;
  const name = input.lead.firstName?.trim();
  const subject = postTopic(input.post.text);
  const opener = `${pick(OPENERS, seed)}${name ? `, ${name}` : ""}!`;
  const middle = subject ? pick(MIDDLES, `${seed}|middle`).replace("{topic}", subject) : "This is a perspective more teams should hear.";
  return `${opener} ${middle} ${pick(CLOSERS, `${seed}|close`)}`;
}

const POST_LINES = ["I enjoyed your recent post on {topic}.", "Your recent post on {topic} got me thinking.", "Thanks for your recent post on {topic}: a useful read."];
const ROLE_LINES = ["As {role}, you likely see this first-hand.", "I imagine {role} keeps you busy these days.", "Your work as {role} caught my eye."];
const COMPANY_LINES = ["I have been following what {company} is doing.", "{company} keeps coming up in conversations I have.", "I came across {company} recently and wanted to reach out."];
const PLACE_LINES = ["Hope all is well in {location}.", "Greetings to {location}."];

/** A line cut to `max` characters at a word, ending as a sentence. */
function withinLength(line: string, max: number): string {
  if (line.length <= max) return line;
  const cut = line.slice(0, max).replace(/\s+\S*$/, "").replace(/[,;:]$/, "");
  return cut.endsWith(".") ? cut : `${cut.slice(0, max - 1)}.`;
}

/**
 * A per-lead line from the facts the prompt asks about: the latest post's topic when the prompt
 * speaks of a post (or nothing else is known), else the lead's role, company or place, whichever
 * the prompt names first or is known. The same lead and prompt always give the same line; empty
 * when nothing is known (the caller takes the fallback).
 */
export function writeLineOffline(input: AiLineInput): string {
  const seed = `${input.name}|${input.prompt}|${input.lead.firstName ?? ""}|${input.lead.company ?? ""}`;
  const prompt = input.prompt.toLowerCase();
  const topic = input.post ? postTopic(input.post.text) : null;
  const role = [input.lead.jobTitle ?? input.lead.headline, input.lead.company].filter(Boolean).join(" at ");
  const candidates: Array<[boolean, string | null]> = [
    [/post|wrote|article|shar/.test(prompt), topic ? pick(POST_LINES, seed).replace("{topic}", topic) : null],
    [/company|team|business|organi[sz]ation/.test(prompt), input.lead.company ? pick(COMPANY_LINES, seed).replace("{company}", input.lead.company) : null],
    [/role|job|title|work|position/.test(prompt), role ? pick(ROLE_LINES, seed).replace("{role}", role) : null],
    [/city|location|where|local/.test(prompt), input.lead.location ? pick(PLACE_LINES, seed).replace("{location}", input.lead.location) : null],
  ];
  const line = candidates.find(([asked, text]) => asked && text)?.[1] ?? candidates.find(([, text]) => text)?.[1] ?? "";
  return withinLength(line, input.maxLength);
}

export const offlineTextGenerator: TextGenerator = {
  name: "offline",
  draftComment: async (input) => draftCommentOffline(input),
  writeLine: async (input) => writeLineOffline(input),
};
