import type { Metadata } from "next";
import { Suspense } from "react";
import { AnalyticsLeads } from "@/components/analytics/analytics-leads";

export const metadata: Metadata = { title: "Leads behind a number" };

export default function AnalyticsLeadsPage() {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the leads…</p>}>
      <AnalyticsLeads />
    </Suspense>
  );
}
