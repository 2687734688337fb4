// The do-not-contact list in the forecast: the entries that refused each lead when it began
// (SimLead.listed, read once with findListedPeople) and the addresses its own complaints and hard
// bounces list as it runs (as record-email-complaint.ts and record-email-bounce.ts do).
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { SimLead } from "./simulation-types";
import { addressOf, type SimWorld } from "./sim-world";

/** The address goes on the list: its people are refused from now on. */
export function listAddress(world: SimWorld, address: string): void {
  if (address) world.listedAddresses.add(address);
}

/** The entry refusing the lead's person: an address the forecast listed (the narrowest), else the list as it began. */
export function listedOf(world: SimWorld, lead: SimLead): DoNotContactMatch | null {
  const address = addressOf(lead);
  if (address && world.listedAddresses.has(address)) return { kind: "email", value: address };
  return lead.listed ?? null;
}
