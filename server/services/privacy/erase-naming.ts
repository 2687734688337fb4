// The JSON records that name an erased person (docs/privacy.md): webhook deliveries, outbox events,
// stored API responses, AI agents' held writes, finished background jobs and their events, and verification jobs' address
// lists. A record names the person when its JSON text holds one of their values as a whole JSON
// string ("ann@x.com", "led_…"), or their profile URL up to its end, never as a bare substring:
// `ann@x.com` inside `joann@x.com`, or `/in/jane` inside `/in/jane-doe`, is someone else.
import type { DbClient } from "../../db/client";
import { identifierForms } from "./find-person";

/** Lower-cased text that, found in a record's lower-cased JSON text, names the person. */
export function namingTokens(ids: string[], emails: string[], identifiers: string[]): string[] {
  const quoted = (value: string) => JSON.stringify(value).toLowerCase();
  const tokens = [
    ...ids.map(quoted),
    // The address as a JSON string, or inside a header's <...> ("Ann <ann@x.com>").
    ...emails.flatMap((address) => [quoted(address), `<${address}>`]),
    // The identifier as a JSON string (when it looks like one: "%" or "a" alone names nobody), or a
    // profile URL's path ending with it.
    ...identifierForms(identifiers).flatMap((id) => [...(/^[\p{L}\p{N}-]{3,100}$/u.test(id) ? [quoted(id)] : []), ...['"', "/", "?", "#"].map((end) => `/in/${id}${end}`)]),
  ];
  return [...new Set(tokens.map((token) => token.toLowerCase()))];
}

/** Deletes or redacts the records naming the person; returns the deliveries and events deleted. */
export async function eraseNamingRecords(client: DbClient, workspaceId: string, tokens: string[]): Promise<number> {
  if (!tokens.length) return 0;
  // strpos, not LIKE: an address's "_" and "%" are characters, not patterns.
  const deliveries = await client.$executeRaw`
    DELETE FROM "WebhookDelivery" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n WHERE strpos(lower(payload::text), n) > 0)`;
  const events = await client.$executeRaw`
    DELETE FROM "OutboxEvent" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n WHERE strpos(lower(data::text), n) > 0)`;
  // A stored API response is redacted, not deleted: without it a client's retry with the same key
  // would run again (and import the person again).
  await client.$executeRaw`
    UPDATE "IdempotencyRecord" SET "responseBody" = '{"erased": true}'::jsonb WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n WHERE strpos(lower("responseBody"::text), n) > 0)`;
  // Finished background jobs: their event, memoized step results, waits, output and error (their
  // steps' errors go with them).
  await client.$executeRaw`
    DELETE FROM "JobRun" WHERE "workspaceId" = ${workspaceId} AND status IN ('completed', 'failed', 'cancelled')
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n
                  WHERE strpos(lower(event::text || events::text || memo::text || pending::text || coalesce(output::text, '') || coalesce(error::text, '')), n) > 0)`;
  // Received job events are kept by id (a repeated event id is taken once): their data is redacted.
  await client.$executeRaw`
    UPDATE "JobEvent" SET data = jsonb_build_object('workspaceId', ${workspaceId}::text, 'erased', true)
    WHERE data->>'workspaceId' = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n WHERE strpos(lower(data::text), n) > 0)`;
  // AI agents' writes held for approval (docs/agent-approvals.md) carry the input an agent sent:
  // deleted, so that approving one later cannot add the person again.
  await client.$executeRaw`
    DELETE FROM "PendingAgentWrite" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${tokens}::text[]) AS n
                  WHERE strpos(lower(params::text || query::text || coalesce(body::text, '') || coalesce(result::text, '')), n) > 0)`;
  return deliveries + events;
}

/**
 * Replaces the addresses in the workspace's verification jobs' lists by '(erased)', in place: a
 * running job reads its list by position (`checked`), so removing one would skip another address.
 */
export async function eraseFromVerificationJobs(client: DbClient, workspaceId: string, emails: string[]): Promise<void> {
  for (const address of emails) {
    await client.$executeRaw`
      UPDATE "VerificationJob" SET addresses = array_replace(addresses, ${address}::text, '(erased)')
      WHERE "workspaceId" = ${workspaceId} AND ${address}::text = ANY(addresses)`;
  }
}
