import type { Metadata } from "next";
import { Suspense } from "react";
import { CampaignView } from "@/components/campaigns/campaign-view";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the campaign…</p>}>
      <CampaignView id={id} />
    </Suspense>
  );
}
