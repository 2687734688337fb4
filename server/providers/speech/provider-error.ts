// A speech provider's refusal, in words: its status and what it said, never the request (which
// carries the key in a header only, but the text may be a prospect's name).
import { HeraldError } from "../../lib/errors";

/** The refusal of a script longer than the provider speaks in one request: no retry can help. */
export function speechInputTooLong(length: number, limit: number): HeraldError {
  const message = `The voice note's text is ${length.toLocaleString("en-US")} characters; the speech provider takes at most ${limit.toLocaleString("en-US")}. Shorten the script.`;
  return HeraldError.invalidInput(message, [{ field: "script", message: `must be at most ${limit} characters once the placeholders are filled in` }]);
}

/** Reads the provider's error message from an error response (JSON or text), shortened. */
export async function speechProviderError(provider: string, response: Response): Promise<Error> {
  let detail = "";
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { detail?: { message?: string } | string; error?: { message?: string } | string; message?: string };
      const candidate =
        (typeof body.detail === "object" ? body.detail?.message : body.detail) ?? (typeof body.error === "object" ? body.error?.message : body.error) ?? body.message;
      detail = typeof candidate === "string" ? candidate : "";
    } catch {
      detail = text;
    }
  } catch {
    // The body could not be read: the status says enough.
  }
  detail = detail.replace(/\s+/g, " ").trim().slice(0, 200);
  return new Error(`${provider} answered HTTP ${response.status}${detail ? `: ${detail}` : ""}`);
}
