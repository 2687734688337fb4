// One chat-completions request to an OpenAI-compatible server, with the answer's length capped.
// OpenAI's current parameter is `max_completion_tokens`; `max_tokens` is deprecated and refused by
// its reasoning models (o-series, gpt-5) with 400 `unsupported_parameter` (API reference, "Create
// chat completion": https://platform.openai.com/docs/api-reference/chat/create#chat-create-max_tokens).
// An older compatible server (an older Azure OpenAI API version, a local server) may instead refuse
// `max_completion_tokens` as unknown: then the request is sent once more with `max_tokens`, and that
// server's base URL is remembered for the rest of the process so later requests go straight to it.
// Reasoning models also take only the default `temperature` (1): OpenAI answers 400 naming `temperature`
// (`unsupported_value` for another value, `unsupported_parameter` on models that take none at all).
// Then the request is sent once more without it, and that server's model is remembered likewise.

type CapParameter = "max_completion_tokens" | "max_tokens";

const legacyServers = new Set<string>();
/** "<base URL> <model>" of models that refused a temperature. */
const defaultTemperatureModels = new Set<string>();

/** Forgets which servers wanted `max_tokens` and which models refused a temperature (for tests). */
export function forgetLegacyTokenServers(): void {
  legacyServers.clear();
  defaultTemperatureModels.clear();
}

/** Whether a 400 answer's body is OpenAI's refusal of the `temperature` sent (its shape names the parameter). */
export function refusesTemperature(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { param?: unknown; code?: unknown } | string };
    return typeof parsed.error === "object" && parsed.error?.param === "temperature" && /unsupported/i.test(String(parsed.error.code ?? ""));
  } catch {
    return false;
  }
}

function withoutTemperature(body: Record<string, unknown>): Record<string, unknown> {
  const { temperature: _dropped, ...rest } = body;
  return rest;
}

const REFUSAL = "(unsupported|unrecognized|unknown|not supported|not permitted|extra (inputs|fields)|not allowed)";
const NAMES_CAP_AS_UNKNOWN = new RegExp(`${REFUSAL}[^{}]{0,200}max_completion_tokens|max_completion_tokens[^{}]{0,200}${REFUSAL}`, "i");

/**
 * Whether a 400 answer's body says the server does not know `max_completion_tokens` (OpenAI's shape
 * names it in `error.param`; Azure's older versions say "Unrecognized request argument supplied";
 * pydantic-based servers say "Extra inputs are not permitted" beside the field). A refusal of its
 * value (too large) is not one: that request would fail the same with `max_tokens`.
 */
export function refusesCompletionTokenCap(body: string): boolean {
  let text = body;
  try {
    const parsed = JSON.parse(body) as { error?: { param?: unknown; code?: unknown } | string };
    if (typeof parsed.error === "object" && parsed.error?.param === "max_completion_tokens" && /unsupported|unknown|unrecognized/i.test(String(parsed.error.code ?? ""))) return true;
    text = JSON.stringify(parsed);
  } catch {
    // A plain-text answer: read as is.
  }
  return NAMES_CAP_AS_UNKNOWN.test(text);
}

export async function postChatCompletion(config: {
  baseUrl: string;
  apiKey?: string;
  fetch?: typeof fetch;
  timeoutMs: number;
  maxTokens: number;
  body: Record<string, unknown>;
}): Promise<Response> {
  const request = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/$/, "");
  const modelKey = `${base} ${String(config.body.model ?? "")}`;
  const send = (cap: CapParameter, body: Record<string, unknown>) =>
    request(`${base}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ ...body, [cap]: config.maxTokens }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  let cap: CapParameter = legacyServers.has(base) ? "max_tokens" : "max_completion_tokens";
  let body = defaultTemperatureModels.has(modelKey) ? withoutTemperature(config.body) : config.body;
  // At most one adjustment of each kind: the cap's name, then the temperature.
  for (let adjustments = 0; ; adjustments++) {
    const response = await send(cap, body);
    if (response.status !== 400 || adjustments === 2) return response;
    const text = await response.text();
    if (cap === "max_completion_tokens" && refusesCompletionTokenCap(text)) {
      legacyServers.add(base);
      cap = "max_tokens";
    } else if ("temperature" in body && refusesTemperature(text)) {
      defaultTemperatureModels.add(modelKey);
      body = withoutTemperature(body);
    } else {
      return new Response(text, { status: response.status, headers: response.headers });
    }
  }
}
