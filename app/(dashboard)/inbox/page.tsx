import type { Metadata } from "next";
import { Suspense } from "react";
import { InboxView } from "@/components/inbox/inbox-view";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxPage() {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the inbox…</p>}>
      <InboxView />
    </Suspense>
  );
}
