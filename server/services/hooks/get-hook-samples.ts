import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { EventName, TEventEnvelope } from "../../schemas/events";
import { SAMPLE_EVENT_DATA } from "./sample-event-data";

/**
 * A sample delivery body of `event`: the envelope a real delivery has (this workspace's id, the
 * time now), with made-up data (sample-event-data.ts), never the workspace's own records.
 */
export function getHookSamples(actor: Actor, event: EventName): TEventEnvelope[] {
  return [{ event, workspaceId: actor.workspaceId, createdAt: now().toISOString(), data: SAMPLE_EVENT_DATA[event] }];
}
