import type { Metadata } from "next";
import { LeadPage } from "@/components/leads/lead-page";

export const metadata: Metadata = { title: "Lead" };

export default async function CampaignLeadPage({ params }: { params: Promise<{ id: string; leadId: string }> }) {
  const { id, leadId } = await params;
  return <LeadPage campaignId={id} leadId={leadId} />;
}
