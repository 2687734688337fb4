import type { Metadata } from "next";
import { SequenceEditor } from "@/components/sequence-editor/sequence-editor";

export const metadata: Metadata = { title: "Sequence" };

export default async function CampaignSequencePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <p className="mb-3 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-600 md:hidden">
        On a small screen, drag to move around the tree, pinch or use + and − to zoom, and tap a step to see its details. Editing is easier on a wider screen.
      </p>
      <SequenceEditor campaignId={id} />
    </>
  );
}
