import type { Metadata } from "next";
import { Suspense } from "react";
import { ApprovalsView } from "@/components/approvals/approvals-view";

export const metadata: Metadata = { title: "Approvals" };

export default function ApprovalsPage() {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the approvals queue…</p>}>
      <ApprovalsView />
    </Suspense>
  );
}
