// Comment drafting by any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, a
// local vLLM or Ollama server), the same settings as the classifier: HERALD_AI_BASE_URL,
// HERALD_AI_API_KEY, HERALD_AI_MODEL. Every draft goes to a person unless the campaign says not.
import { postChatCompletion } from "./chat-completions";
import type { AiLineInput, CommentDraftInput, TextGenerator } from "./types";

/** LinkedIn's limit for a comment. */
const COMMENT_LIMIT = 1250;

const SYSTEM_PROMPT = `You write one comment on a LinkedIn post, on behalf of the sender, to start a relationship with the post's author.
Follow the campaign's instructions. The comment must:
- react to something specific in the post, so the author sees it was read;
- be short: one to three sentences, under 400 characters unless the instructions ask for more;
- sound like a thoughtful peer, not a salesperson: no pitch, no links, no call to book a meeting, no flattery for its own sake;
- be plain text: no hashtags, no emoji unless the post uses them, no quotation marks around the comment, no signature;
- be written in the post's language.
Answer with the comment only.`;

export function commentRequestMessages(input: CommentDraftInput): Array<{ role: "system" | "user"; content: string }> {
  const lead = input.lead;
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || "unknown";
  const role = [lead.jobTitle ?? lead.headline, lead.company].filter(Boolean).join(" at ") || "unknown";
  const user = [
    `Campaign instructions: ${input.prompt.trim() || "Write a genuine, specific comment."}`,
    `Post author: ${name} (${role})`,
    `Commenting as: ${input.sender.fullName ?? "the sender"}`,
    `Post (${input.post.url}):`,
    input.post.text.slice(0, 6000),
  ].join("\n");
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

/** The model's answer as a postable comment: quotes and hashtags a model adds anyway are removed. */
export function cleanComment(text: string): string {
  let comment = text.trim();
  // A model sometimes wraps the whole answer in quotes or prefixes it with a label.
  comment = comment.replace(/^(comment|here is (the|a|my) comment)\s*:\s*/i, "");
  const quoted = comment.match(/^["“”'](.*)["“”']$/s);
  if (quoted) comment = quoted[1]!.trim();
  comment = comment.replace(/(^|\s)#[\p{L}\p{N}_]+/gu, "").replace(/[ \t]{2,}/g, " ").trim();
  if (comment.length <= COMMENT_LIMIT) return comment;
  // Cut at the last sentence end that fits, else at a word.
  const cut = comment.slice(0, COMMENT_LIMIT);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  if (sentenceEnd > COMMENT_LIMIT / 2) return cut.slice(0, sentenceEnd + 1);
  return cut.replace(/\s+\S*$/, "").trim();
}

const LINE_SYSTEM_PROMPT = `You write one line that goes into an outreach message from the sender to the lead, following the campaign's instructions.
The line must:
- rest only on the facts given about the lead (profile, latest post); never invent facts;
- be one or two short sentences, plain text, under the character limit given;
- fit inside a message written by someone else: no greeting, no signature, no pitch, no links, no hashtags, no quotation marks around it;
- be written in the language of the lead's post or profile.
If the facts given are not enough to follow the instructions, answer with an empty line.
Answer with the line only.`;

export function lineRequestMessages(input: AiLineInput): Array<{ role: "system" | "user"; content: string }> {
  const lead = input.lead;
  const facts = [
    `Name: ${[lead.firstName, lead.lastName].filter(Boolean).join(" ") || "unknown"}`,
    lead.headline ? `Headline: ${lead.headline}` : null,
    lead.jobTitle ? `Job title: ${lead.jobTitle}` : null,
    lead.company ? `Company: ${lead.company}` : null,
    lead.location ? `Location: ${lead.location}` : null,
    input.post ? `Latest post (${input.post.url}):\n${input.post.text.slice(0, 4000)}` : "Latest post: none known",
  ].filter((line): line is string => line !== null);
  const user = [`Instructions: ${input.prompt.trim()}`, `At most ${input.maxLength} characters.`, `Sender: ${input.sender.fullName ?? "the sender"}`, "About the lead:", ...facts].join("\n");
  return [
    { role: "system", content: LINE_SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

/** The model's answer as a line: quotes, labels and hashtags removed, cut at a sentence or word within the limit. */
export function cleanLine(text: string, maxLength: number): string {
  let line = text.trim().replace(/^(line|here is (the|a|my) line)\s*:\s*/i, "");
  const quoted = line.match(/^["“”'](.*)["“”']$/s);
  if (quoted) line = quoted[1]!.trim();
  line = line.replace(/(^|\s)#[\p{L}\p{N}_]+/gu, "").replace(/\s+/g, " ").trim();
  if (line.length <= maxLength) return line;
  const cut = line.slice(0, maxLength);
  const sentenceEnd = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "), cut.endsWith(".") ? cut.length - 2 : -1);
  if (sentenceEnd > maxLength / 2) return cut.slice(0, sentenceEnd + 1);
  return cut.replace(/\s+\S*$/, "").trim();
}

export function createOpenAiTextGenerator(config: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch; timeoutMs?: number }): TextGenerator {
  return {
    name: "openai-compatible",
    async draftComment(input) {
      const response = await postChatCompletion({
        ...config,
        timeoutMs: config.timeoutMs ?? 30_000,
        maxTokens: 400,
        body: { model: config.model, temperature: 0.7, messages: commentRequestMessages(input) },
      });
      if (!response.ok) throw new Error(`The text model answered HTTP ${response.status}`);
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: string | null } }> };
      const comment = cleanComment(body.choices?.[0]?.message?.content ?? "");
      if (!comment) throw new Error("The text model wrote an empty comment");
      return comment;
    },
    async writeLine(input) {
      const response = await postChatCompletion({
        ...config,
        timeoutMs: config.timeoutMs ?? 30_000,
        maxTokens: 200,
        body: { model: config.model, temperature: 0.7, messages: lineRequestMessages(input) },
      });
      if (!response.ok) throw new Error(`The text model answered HTTP ${response.status}`);
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: string | null } }> };
      // An empty answer is the model saying the facts are not enough: the caller takes the fallback.
      return cleanLine(body.choices?.[0]?.message?.content ?? "", input.maxLength);
    },
  };
}
