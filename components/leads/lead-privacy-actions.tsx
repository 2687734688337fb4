"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { downloadFile } from "@/components/ui/download-file";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaignLead } from "@/server/schemas/campaign";

/** The search parameter the leads list reads after an erasure (ErasedNotice). */
export const ERASED_PARAM = "erased";

/** Who a privacy request is about: the lead's address, else its LinkedIn profile. */
function personKey(lead: Pick<TCampaignLead, "email" | "profileUrl">) {
  if (lead.email) return { email: lead.email };
  return lead.profileUrl ? { linkedinUrl: lead.profileUrl } : null;
}

/** A file name from the person's name: letters, digits and dashes only. */
function exportFileName(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
  return `herald-data-${slug || "person"}.json`;
}

/** "Download data (JSON)" and "Erase this person" on the lead page (docs/privacy.md); admins and owners. */
export function LeadPrivacyActions({ lead, name, campaignId }: { lead: TCampaignLead; name: string; campaignId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = personKey(lead);
  const role = useQuery(trpc.workspace.current.queryOptions()).data?.role;
  const erase = useMutation(
    trpc.people.erase.mutationOptions({
      onSuccess: () => router.push(`/campaigns/${campaignId}?${ERASED_PARAM}=1`),
      onError: (failure) => setError(`${name} was not erased: ${errorMessage(failure)}`),
    }),
  );
  if (!key) return <p className="text-sm text-slate-500">This lead has neither an e-mail address nor a LinkedIn profile to find the person by.</p>;
  if (role !== "owner" && role !== "admin") return <p className="text-sm text-slate-500">Admins and owners can download or erase a person&apos;s data.</p>;

  async function download() {
    setError(null);
    setDownloading(true);
    try {
      const data = await client.people.export.query(key!);
      downloadFile(exportFileName(name), JSON.stringify(data, null, 2), "application/json;charset=utf-8");
    } catch (failure) {
      setError(`The data could not be downloaded: ${errorMessage(failure)}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="w-full space-y-2 sm:w-auto">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
          {downloading ? "Preparing…" : "Download data (JSON)"}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Erase this person
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {confirming && (
        <Dialog title={`Erase ${name} everywhere?`} onClose={() => setConfirming(false)}>
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              Everything this workspace holds about {name} goes: the lead in every campaign and list, the e-mails and LinkedIn messages, the conversations, tasks and drafts, and
              the events and webhook logs that name them.
            </p>
            <p>
              <strong>This cannot be undone.</strong> Herald keeps only a scrambled fingerprint of their {lead.email ? "e-mail address" : "LinkedIn profile"} on the
              do-not-contact list, so they are kept off future imports and never contacted again.
            </p>
          </div>
          <div className="mt-5">
            <DialogActions
              onCancel={() => setConfirming(false)}
              label="Erase for good"
              busyLabel="Erasing…"
              busy={erase.isPending}
              danger
              onConfirm={() => {
                setConfirming(false);
                erase.mutate(key!);
              }}
            />
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** The leads list's notice after an erasure. */
export function ErasedNotice({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return <Alert tone="success">The person was erased. Herald keeps them off future imports, and no one in this workspace will contact them again.</Alert>;
}
