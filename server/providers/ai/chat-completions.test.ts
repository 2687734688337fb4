// The token cap on chat completions against the OpenAI fake, which refuses what OpenAI refuses:
// `max_tokens` for a reasoning model, and (as an older compatible server) `max_completion_tokens`.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalHttpFake, type LocalHttpFake } from "../../test/fakes/local-http-fake";
import { openAiFake } from "../../test/fakes/openai-fake";
import { forgetLegacyTokenServers, refusesCompletionTokenCap, refusesTemperature } from "./chat-completions";
import { createOpenAiClassifier } from "./openai-classifier";
import { createOpenAiTextGenerator } from "./openai-text-generator";
import type { CommentDraftInput } from "./types";

let server: LocalHttpFake;

const input: CommentDraftInput = {
  prompt: "Be specific.",
  post: { text: "We shipped structured interviews.", url: "https://www.linkedin.com/feed/update/urn:li:activity:1" },
  lead: { firstName: "Ada", lastName: "Lovelace", headline: null, company: null, jobTitle: null },
  sender: { fullName: "Grace Hopper" },
};

const sent = () => server.requests.map((request) => JSON.parse(request.body.toString("utf8")) as Record<string, unknown>);

beforeAll(async () => {
  server = await startLocalHttpFake();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  forgetLegacyTokenServers();
});

describe("the chat-completions token cap", () => {
  it("sends max_completion_tokens, which a reasoning model takes (max_tokens it refuses), and drops a temperature it refuses, once per model", async () => {
    server.handle(openAiFake({ reply: () => "Interested" }));
    const classifier = createOpenAiClassifier({ baseUrl: `${server.url}/v1`, apiKey: "sk", model: "o4-mini" });
    expect(await classifier.classify("Yes, let's talk")).toBe("interested");
    expect(await classifier.classify("Sounds good")).toBe("interested");
    expect(await createOpenAiTextGenerator({ baseUrl: `${server.url}/v1`, apiKey: "sk", model: "gpt-5-mini" }).draftComment(input)).toBe("Interested");
    // The classifier's temperature 0 is refused once and then left out for o4-mini; the drafter's for gpt-5-mini likewise.
    expect(sent().map((body) => [body.max_completion_tokens, "max_tokens" in body, body.temperature ?? null])).toEqual([
      [5, false, 0],
      [5, false, null],
      [5, false, null],
      [400, false, 0.7],
      [400, false, null],
    ]);
  });

  it("keeps the temperature for a model that takes it", async () => {
    server.handle(openAiFake({ reply: () => "Interested" }));
    expect(await createOpenAiClassifier({ baseUrl: `${server.url}/v1`, apiKey: "sk", model: "gpt-4o-mini" }).classify("Yes")).toBe("interested");
    expect(sent().map((body) => body.temperature)).toEqual([0]);
  });

  it("falls back to max_tokens once on a server that does not know max_completion_tokens, and remembers that server", async () => {
    server.handle(openAiFake({ mode: "compatible", reply: () => "Nice point about interviews." }));
    const generator = createOpenAiTextGenerator({ baseUrl: `${server.url}/v1/`, model: "llama3" });
    expect(await generator.draftComment(input)).toBe("Nice point about interviews.");
    expect(await generator.draftComment(input)).toBe("Nice point about interviews.");
    const classifier = createOpenAiClassifier({ baseUrl: `${server.url}/v1`, model: "llama3" });
    expect(await classifier.classify("no thanks")).toBe(null);
    expect(sent().map((body) => (body.max_completion_tokens !== undefined ? `new:${body.max_completion_tokens}` : `old:${body.max_tokens}`))).toEqual(["new:400", "old:400", "old:400", "old:5"]);
  });

  it("does not retry another 400, and reports its status", async () => {
    server.handle(() => ({ status: 400, body: { error: { message: "max_completion_tokens is too large: 100000", type: "invalid_request_error", param: "max_completion_tokens", code: "integer_above_max_value" } } }));
    await expect(createOpenAiTextGenerator({ baseUrl: server.url, model: "gpt-4o" }).draftComment(input)).rejects.toThrow("HTTP 400");
    expect(server.requests).toHaveLength(1);
  });

  it("reads the refusals of servers that do not know the parameter", () => {
    expect(refusesCompletionTokenCap(JSON.stringify({ error: { message: "Unrecognized request argument supplied: max_completion_tokens", type: "invalid_request_error", param: null, code: null } }))).toBe(true);
    expect(refusesCompletionTokenCap(JSON.stringify({ detail: [{ type: "extra_forbidden", loc: ["body", "max_completion_tokens"], msg: "Extra inputs are not permitted" }] }))).toBe(true);
    expect(refusesCompletionTokenCap(JSON.stringify({ error: { message: "Unknown parameter", param: "max_completion_tokens", code: "unknown_parameter" } }))).toBe(true);
    expect(refusesCompletionTokenCap(JSON.stringify({ error: { message: "Invalid value for 'temperature'", param: "temperature", code: "unsupported_value" } }))).toBe(false);
    expect(refusesCompletionTokenCap("Bad Request")).toBe(false);
    expect(refusesTemperature(JSON.stringify({ error: { message: "Unsupported parameter: 'temperature' is not supported with this model.", param: "temperature", code: "unsupported_parameter" } }))).toBe(true);
    expect(refusesTemperature(JSON.stringify({ error: { message: "max_completion_tokens is too large", param: "max_completion_tokens", code: "integer_above_max_value" } }))).toBe(false);
  });
});
