import type { Actor } from "../../lib/actor";
import type { TCrmConnection } from "../../schemas/crm";
import { findCrmConnection } from "./find-crm-connection";
import { toCrmConnection } from "./to-crm-connection";

export async function getCrmConnection(actor: Actor, id: string): Promise<TCrmConnection> {
  return toCrmConnection(await findCrmConnection(actor, id));
}
