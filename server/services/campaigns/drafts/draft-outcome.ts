/** What making a draft came to: the draft, or why there is none (no credit was kept). */
export type DraftOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "insufficient-credits" | "provider-failed" | "input-too-long"; message: string };
