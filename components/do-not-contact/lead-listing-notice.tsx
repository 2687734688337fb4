"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { listingSentence } from "@/server/domain/do-not-contact/words";

/** On a lead's page, when the do-not-contact list names the lead: which entry, why and since when. Nothing otherwise. */
export function LeadListingNotice({ leadId }: { leadId: string }) {
  const trpc = useTRPC();
  const listing = useQuery(trpc.doNotContact.forLead.queryOptions({ leadId }));
  if (!listing.data) return null;
  return (
    <div role="status" data-testid="lead-do-not-contact" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="font-medium break-words">{listingSentence(listing.data)}</p>
      <p className="mt-1 text-amber-800">
        Herald takes no step towards this lead on any channel.{" "}
        <Link href="/settings/do-not-contact" className="underline">
          See the list
        </Link>
      </p>
    </div>
  );
}
