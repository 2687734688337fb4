// How the outside services of mailbox orders (registrar, mail platform, billing) fail, in the three
// ways the pipeline treats differently:
// - `timeout`: the call was sent and its answer lost; whether it took effect is unknown, so the
//   caller must ask before sending it again (a registration: `placing_unknown`, then reconciled);
// - `refused`: a lasting answer (a domain taken, a name not allowed); `reason` is a short code
//   (`taken`, `invalid`, …) and the message says it in plain words;
// - `transient`: it did not take effect and may work later (a 5xx, a refused connection): retried.

export type ProvisioningErrorKind = "timeout" | "refused" | "transient";

export class ProvisioningError extends Error {
  readonly kind: ProvisioningErrorKind;
  readonly reason?: string;

  constructor(kind: ProvisioningErrorKind, message: string, options: { reason?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ProvisioningError";
    this.kind = kind;
    this.reason = options.reason;
  }
}

export function isProvisioningError(error: unknown): error is ProvisioningError {
  return error instanceof ProvisioningError || (error instanceof Error && error.name === "ProvisioningError" && "kind" in error);
}
