import type { Metadata } from "next";
import { Suspense } from "react";
import { AnalyticsPage } from "@/components/analytics/analytics-page";

export const metadata: Metadata = { title: "Analytics" };

export default function AnalyticsHomePage() {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the figures…</p>}>
      <AnalyticsPage />
    </Suspense>
  );
}
