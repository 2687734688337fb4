import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { EventName, TEventEnvelope } from "../../schemas/events";
import { sampleEventData } from "./sample-event-data";

/**
 * Sample delivery bodies of `event`: the envelope a real delivery has (this workspace's id, the time
 * now), with made-up data (sample-event-data.ts), never the workspace's own records. One per shape
 * the event's data has: account.connected, status_changed, paused and resumed have two, a LinkedIn
 * sender's and then a mailbox's (`channel: "email"`).
 */
export function getHookSamples(actor: Actor, event: EventName): TEventEnvelope[] {
  const createdAt = now().toISOString();
  return sampleEventData(event).map((data) => ({ event, workspaceId: actor.workspaceId, createdAt, data }));
}
