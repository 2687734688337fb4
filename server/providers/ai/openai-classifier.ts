// Reply classification by any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
// a local vLLM or Ollama server): HERALD_AI_BASE_URL, HERALD_AI_API_KEY, HERALD_AI_MODEL.
import { postChatCompletion } from "./chat-completions";
import type { Interest, ReplyClassifier } from "./types";

const PROMPT = `You read replies to B2B outreach messages. Answer with exactly one word:
interested (wants to talk, asks for details, agrees to a meeting),
not_interested (declines, asks to stop, not a fit),
neutral (anything else: out of office, questions without intent, unclear).`;

export function createOpenAiClassifier(config: { baseUrl: string; apiKey?: string; model: string; fetch?: typeof fetch; timeoutMs?: number }): ReplyClassifier {
  return {
    name: "openai-compatible",
    async classify(text: string): Promise<Interest | null> {
      const response = await postChatCompletion({
        ...config,
        timeoutMs: config.timeoutMs ?? 20_000,
        maxTokens: 5,
        body: {
          model: config.model,
          temperature: 0,
          messages: [
            { role: "system", content: PROMPT },
            { role: "user", content: text.slice(0, 4000) },
          ],
        },
      });
      if (!response.ok) throw new Error(`The classifier answered HTTP ${response.status}`);
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
      const answer = body.choices?.[0]?.message?.content?.trim().toLowerCase().replace(/[^a-z_]/g, "") ?? "";
      if (answer === "interested" || answer === "not_interested" || answer === "neutral") return answer;
      return null;
    },
  };
}
