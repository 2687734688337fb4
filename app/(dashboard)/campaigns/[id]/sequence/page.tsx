import type { Metadata } from "next";
import { SequenceEditor } from "@/components/sequence-editor/sequence-editor";

export const metadata: Metadata = { title: "Sequence" };

export default async function CampaignSequencePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SequenceEditor campaignId={id} />;
}
