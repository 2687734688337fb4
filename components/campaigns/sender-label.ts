import type { TSenderAccount } from "@/server/schemas/sender";

/** How a sender is named across the campaign pages: its label, else its LinkedIn name. */
export function senderLabel(sender: Pick<TSenderAccount, "label" | "fullName" | "id">): string {
  return sender.label || sender.fullName || sender.id;
}
