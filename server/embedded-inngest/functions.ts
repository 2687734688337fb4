// The functions an app serves, as its in-band sync reports them (`PUT` with x-inngest-sync-kind:
// in_band), reduced to what the embedded executor enforces.
import { evaluateCondition, evaluateKey, type Scope } from "./expressions";
import { parseDurationMs } from "./durations";
import { signRequest } from "./signing";
import type { FunctionTransport } from "./call-function";

export interface RawFunctionConfig {
  id: string;
  name?: string;
  triggers?: Array<{ event?: string; expression?: string; cron?: string }>;
  steps?: Record<string, { retries?: { attempts?: number } }>;
  concurrency?: number | { limit: number; key?: string; scope?: string } | Array<{ limit: number; key?: string; scope?: string }>;
  cancel?: Array<{ event: string; if?: string; timeout?: string }>;
  idempotency?: string;
}

export interface ConcurrencyRule {
  limit: number;
  key?: string;
  scope: "fn" | "env" | "account";
}

export interface FunctionSpec {
  id: string;
  name: string;
  eventTriggers: Array<{ event: string; expression?: string }>;
  cronTriggers: string[];
  /** Attempts per request: retries + 1 (Inngest's default is 3 retries). */
  maxAttempts: number;
  concurrency: ConcurrencyRule[];
  cancel: Array<{ event: string; if?: string; timeoutMs: number | null }>;
  idempotency?: string;
}

export function toFunctionSpec(config: RawFunctionConfig): FunctionSpec {
  const concurrency = config.concurrency === undefined ? [] : Array.isArray(config.concurrency) ? config.concurrency : [config.concurrency];
  const retries = Object.values(config.steps ?? {})[0]?.retries?.attempts;
  return {
    id: config.id,
    name: config.name ?? config.id,
    eventTriggers: (config.triggers ?? []).flatMap((trigger) => (trigger.event ? [{ event: trigger.event, expression: trigger.expression }] : [])),
    cronTriggers: (config.triggers ?? []).flatMap((trigger) => (trigger.cron ? [trigger.cron] : [])),
    maxAttempts: (retries ?? 3) + 1,
    concurrency: concurrency.map((rule) =>
      typeof rule === "number"
        ? { limit: rule, scope: "fn" as const }
        : { limit: rule.limit, key: rule.key, scope: (rule.scope ?? "fn") as ConcurrencyRule["scope"] },
    ),
    cancel: (config.cancel ?? []).map((rule) => ({ event: rule.event, if: rule.if, timeoutMs: parseDurationMs(rule.timeout) })),
    idempotency: config.idempotency,
  };
}

/** Identities of the concurrency slots a run of this function takes, given its event. */
export function concurrencyKeys(spec: FunctionSpec, scope: Scope): string[] {
  return spec.concurrency.map((rule) => {
    const key = rule.key ? evaluateKey(rule.key, scope) : "";
    return rule.scope === "fn" ? `fn:${spec.id}:${key}` : `${rule.scope}:${key}`;
  });
}

export function triggerMatches(spec: FunctionSpec, eventName: string, scope: Scope): boolean {
  return spec.eventTriggers.some((trigger) => trigger.event === eventName && evaluateCondition(trigger.expression, scope));
}

/** Asks the app for its functions through Inngest's in-band sync. */
export async function syncFunctions(transport: FunctionTransport, serveUrl: string, signingKey: string, nowSeconds: number): Promise<FunctionSpec[]> {
  const body = { url: serveUrl };
  const response = await transport(serveUrl, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      "x-inngest-sync-kind": "in_band",
      "x-inngest-signature": signRequest(body, signingKey, nowSeconds),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Syncing functions from ${serveUrl} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text) as { functions?: RawFunctionConfig[] };
  if (!Array.isArray(parsed.functions)) throw new Error(`Syncing functions from ${serveUrl} returned no function list`);
  return parsed.functions.map(toFunctionSpec);
}
