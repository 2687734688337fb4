import type { Metadata } from "next";
import { LeadListsPanel } from "@/components/lead-lists/lead-lists-panel";

export const metadata: Metadata = { title: "Lead lists" };

export default function LeadListsPage() {
  return <LeadListsPanel />;
}
