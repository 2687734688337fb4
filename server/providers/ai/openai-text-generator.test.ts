// The OpenAI-compatible comment drafter against a local stand-in answering in OpenAI's documented
// chat-completions shape (POST {base}/chat/completions → {choices: [{message: {content}}]}).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalHttpFake, type LocalHttpFake } from "../../test/fakes/local-http-fake";
import { parseEnv } from "../../env";
import { textGeneratorFromEnv } from "./index";
import { cleanComment, cleanLine, createOpenAiTextGenerator } from "./openai-text-generator";
import type { AiLineInput, CommentDraftInput } from "./types";

let openai: LocalHttpFake;

const input: CommentDraftInput = {
  prompt: "Ask a thoughtful question about their hiring process.",
  post: { text: "We doubled our support team in six months without lowering the bar. Here is what we learned about structured interviews.", url: "https://www.linkedin.com/feed/update/urn:li:activity:1" },
  lead: { firstName: "Ada", lastName: "Lovelace", headline: "Head of Support", company: "Analytical Engines", jobTitle: "Head of Support" },
  sender: { fullName: "Grace Hopper" },
};

function completion(content: string) {
  return { id: "chatcmpl-1", object: "chat.completion", created: 1, model: "gpt-4o-mini", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] };
}

beforeAll(async () => {
  openai = await startLocalHttpFake();
});
afterAll(() => openai.close());
beforeEach(() => {
  openai.requests.length = 0;
});

describe("the OpenAI-compatible text generator", () => {
  it("sends the model, a system prompt and the step's instructions, post and lead, with the key as a bearer token", async () => {
    openai.handle(() => ({ body: completion("Structured interviews at that pace is impressive. How did you keep interviewers calibrated?") }));
    const generator = createOpenAiTextGenerator({ baseUrl: `${openai.url}/v1/`, apiKey: "sk-test", model: "gpt-4o-mini" });
    const comment = await generator.draftComment(input);
    expect(comment).toBe("Structured interviews at that pace is impressive. How did you keep interviewers calibrated?");
    const [request] = openai.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-test");
    expect(request!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request!.body.toString("utf8"));
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0].role).toBe("system");
    expect(body.messages[0].content).toMatch(/LinkedIn/);
    expect(body.messages[0].content).toMatch(/no hashtags/i);
    expect(body.messages[1].role).toBe("user");
    for (const part of [input.prompt, input.post.text, "Ada Lovelace", "Analytical Engines", "Grace Hopper"]) expect(body.messages[1].content).toContain(part);
  });

  it("sends no authorization header without a key (a local model server)", async () => {
    openai.handle(() => ({ body: completion("Good read.") }));
    await createOpenAiTextGenerator({ baseUrl: openai.url, model: "llama3" }).draftComment(input);
    expect(openai.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("throws on an error status, so the caller refunds the credit", async () => {
    for (const status of [401, 429, 500]) {
      openai.handle(() => ({ status, body: { error: { message: "nope", type: "error" } } }));
      await expect(createOpenAiTextGenerator({ baseUrl: openai.url, apiKey: "k", model: "m" }).draftComment(input)).rejects.toThrow(`HTTP ${status}`);
    }
  });

  it("throws on an empty answer", async () => {
    openai.handle(() => ({ body: completion("   ") }));
    await expect(createOpenAiTextGenerator({ baseUrl: openai.url, model: "m" }).draftComment(input)).rejects.toThrow(/empty/);
    openai.handle(() => ({ body: { choices: [] } }));
    await expect(createOpenAiTextGenerator({ baseUrl: openai.url, model: "m" }).draftComment(input)).rejects.toThrow(/empty/);
  });

  it("removes the quotes and hashtags a model adds anyway", async () => {
    openai.handle(() => ({ body: completion('"Great lessons on hiring, Ada. #hiring #support"') }));
    expect(await createOpenAiTextGenerator({ baseUrl: openai.url, model: "m" }).draftComment(input)).toBe("Great lessons on hiring, Ada.");
  });
});

describe("an AI line by the OpenAI-compatible model", () => {
  const line: AiLineInput = {
    name: "icebreaker",
    prompt: "One friendly line about their latest post",
    maxLength: 120,
    lead: { firstName: "Ada", lastName: "Lovelace", headline: "Head of Support", jobTitle: "Head of Support", company: "Analytical Engines", location: "London" },
    post: { text: "We doubled our support team in six months.", url: "https://www.linkedin.com/feed/update/urn:li:activity:1" },
    sender: { fullName: "Grace Hopper" },
  };

  it("sends the prompt, the limit and the lead's facts, and returns the cleaned line", async () => {
    openai.handle(() => ({ body: completion('"Doubling a support team in six months is no small feat. #growth"') }));
    const written = await createOpenAiTextGenerator({ baseUrl: openai.url, apiKey: "sk-test", model: "gpt-4o-mini" }).writeLine(line);
    expect(written).toBe("Doubling a support team in six months is no small feat.");
    const body = JSON.parse(openai.requests[0]!.body.toString("utf8"));
    expect(openai.requests[0]!.path).toBe("/chat/completions");
    expect(body.messages[0].content).toMatch(/never invent facts/);
    for (const part of [line.prompt, "At most 120 characters", "Ada Lovelace", "Analytical Engines", "London", line.post!.text]) expect(body.messages[1].content).toContain(part);
  });

  it("returns an empty line when the model says the facts are not enough, and throws on an error status", async () => {
    openai.handle(() => ({ body: completion("") }));
    expect(await createOpenAiTextGenerator({ baseUrl: openai.url, model: "m" }).writeLine(line)).toBe("");
    openai.handle(() => ({ status: 503, body: { error: { message: "overloaded", type: "server_error" } } }));
    await expect(createOpenAiTextGenerator({ baseUrl: openai.url, model: "m" }).writeLine(line)).rejects.toThrow("HTTP 503");
  });

  it("cuts a long line within the limit", () => {
    expect(cleanLine("First sentence is here. Second sentence is much longer than the limit allows.", 40)).toBe("First sentence is here.");
    expect(cleanLine("Line: one two three four five six seven", 20)).toBe("one two three four");
  });
});

describe("cleanComment", () => {
  it("keeps a comment within LinkedIn's 1,250 characters, cut at a sentence", () => {
    const long = Array.from({ length: 60 }, (_, index) => `Sentence number ${index} is here.`).join(" ");
    const cleaned = cleanComment(long);
    expect(cleaned.length).toBeLessThanOrEqual(1250);
    expect(cleaned.endsWith(".")).toBe(true);
    expect(long.startsWith(cleaned)).toBe(true);
  });

  it("drops a leading label", () => {
    expect(cleanComment("Comment: Nice one.")).toBe("Nice one.");
  });
});

describe("text generator settings", () => {
  it("drafts offline by default and with the OpenAI-compatible model when HERALD_AI_PROVIDER=openai", () => {
    expect(textGeneratorFromEnv(parseEnv({})).name).toBe("offline");
    expect(textGeneratorFromEnv(parseEnv({ HERALD_AI_PROVIDER: "openai", HERALD_AI_BASE_URL: "https://api.openai.com/v1", HERALD_AI_API_KEY: "sk" })).name).toBe("openai-compatible");
    expect(() => parseEnv({ HERALD_AI_PROVIDER: "openai" })).toThrow(/HERALD_AI_BASE_URL: is required when HERALD_AI_PROVIDER=openai/);
  });
});
