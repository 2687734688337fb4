"use client";
import Link from "next/link";
import { MailboxBadges, MailboxIcon, MailboxUsage, fromLine, mailboxName } from "@/components/mailboxes/mailbox-display";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { SettingsSection } from "./settings-section";

/** Which of the workspace's mailboxes send this campaign's e-mail steps (`emailAccountIds`); controlled like the sender pool. */
export function MailboxPoolEditor({ campaign, selected, onChange, error: poolError }: { campaign: TCampaign; selected: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const mailboxes = useMailboxes();
  const known = mailboxes.data ?? [];
  const unknown = campaign.emailAccountIds.filter((id) => !known.some((mailbox) => mailbox.id === id));
  const usesEmail = campaign.sequence.steps.some((step) => step.type === "email");

  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((other) => other !== id));

  return (
    <SettingsSection title="Mailboxes" description="The mailboxes that send this campaign's e-mail steps. Leads are spread across them; each lead keeps its mailbox once e-mailed, so follow-ups stay in one thread.">
      {mailboxes.isPending ? (
        <p className="text-sm text-slate-500">Loading mailboxes…</p>
      ) : mailboxes.isError ? (
        <Alert tone="error">Mailboxes could not be loaded: {errorMessage(mailboxes.error)}</Alert>
      ) : !known.length && !unknown.length ? (
        <p className="text-sm text-slate-500">
          This workspace has no mailboxes yet.{" "}
          <Link href="/mailboxes" className="font-medium text-brand-700 hover:underline">
            Connect a mailbox
          </Link>{" "}
          to send e-mail steps.
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Mailboxes of this campaign</legend>
          <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-describedby={poolError ? "mailbox-pool-error" : undefined}>
            {known.map((mailbox) => {
              const name = mailboxName(mailbox);
              return (
                <li key={mailbox.id} data-testid="pool-mailbox" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <label className="flex min-w-0 flex-[1_1_14rem] cursor-pointer items-center gap-3">
                    <input
                      type="checkbox"
                      checked={selected.includes(mailbox.id)}
                      onChange={(event) => toggle(mailbox.id, event.target.checked)}
                      aria-label={name}
                      className="size-4 shrink-0 rounded border-slate-300"
                    />
                    <MailboxIcon mailbox={mailbox} />
                    <span className="min-w-0 space-y-1">
                      <span className="block truncate font-medium text-slate-900">{name}</span>
                      <span className="block truncate text-xs text-slate-500">{fromLine(mailbox)}</span>
                      <MailboxBadges mailbox={mailbox} />
                    </span>
                  </label>
                  <div className="w-full max-w-48 sm:w-48">
                    <MailboxUsage mailbox={mailbox} />
                  </div>
                </li>
              );
            })}
            {unknown.map((id) => (
              <li key={id} className="flex items-center gap-3 px-4 py-3 text-sm">
                <label className="flex items-center gap-3">
                  <input type="checkbox" checked={selected.includes(id)} onChange={(event) => toggle(id, event.target.checked)} className="size-4 rounded border-slate-300" />
                  <span className="text-slate-500">
                    Mailbox no longer in the workspace <span className="font-mono text-xs">{id}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {poolError ? (
            <p id="mailbox-pool-error" role="alert" className="mt-2 text-xs text-red-600">
              {poolError}
            </p>
          ) : (
            usesEmail &&
            !selected.length && <p className="mt-2 text-xs text-amber-800">The sequence has e-mail steps: choose at least one mailbox to send them.</p>
          )}
        </fieldset>
      )}
    </SettingsSection>
  );
}
