import type { Lead } from "../../db/generated/client";

/** How a lead is named to people in a list: its name, else its address, else its profile handle. */
export function leadName(lead: Pick<Lead, "firstName" | "lastName" | "email" | "publicIdentifier">): string {
  return [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || lead.publicIdentifier || "Unnamed lead";
}
