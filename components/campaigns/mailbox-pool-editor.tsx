"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { MailboxBadges, MailboxIcon, MailboxUsage, fromLine, mailboxName } from "@/components/mailboxes/mailbox-display";
import { useMailboxes } from "@/components/mailboxes/use-mailboxes";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { campaignFieldErrors, firstErrorUnder } from "./field-errors";
import { SaveBar } from "./save-bar";
import { useCampaignUpdate } from "./use-campaign-update";

/** Which of the workspace's mailboxes send this campaign's e-mail steps (`emailAccountIds`). */
export function MailboxPoolEditor({ campaign }: { campaign: TCampaign }) {
  const mailboxes = useMailboxes();
  const [selected, setSelected] = useState<string[]>(campaign.emailAccountIds);
  const update = useCampaignUpdate(campaign.id);
  const errors = campaignFieldErrors(update.error);
  const poolError = firstErrorUnder(errors, "emailAccountIds");
  const dirty = [...selected].sort().join() !== [...campaign.emailAccountIds].sort().join();
  const known = mailboxes.data ?? [];
  const unknown = campaign.emailAccountIds.filter((id) => !known.some((mailbox) => mailbox.id === id));
  const usesEmail = campaign.sequence.steps.some((step) => step.type === "email");

  function toggle(id: string, on: boolean) {
    update.reset();
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Keep the pool's order for mailboxes that stay; new ones go last.
    const order = [...campaign.emailAccountIds.filter((id) => selected.includes(id)), ...selected.filter((id) => !campaign.emailAccountIds.includes(id))];
    update.mutate({ id: campaign.id, changes: { emailAccountIds: order } });
  }

  return (
    <Card title="Mailboxes" description="The mailboxes that send this campaign's e-mail steps. Leads are spread across them; each lead keeps its mailbox once e-mailed, so follow-ups stay in one thread.">
      <form onSubmit={onSubmit} noValidate aria-label="Mailboxes">
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
        <SaveBar
          dirty={dirty}
          saving={update.isPending}
          saved={update.isSuccess}
          error={update.error && !poolError ? errorMessage(update.error) : null}
          label="Save mailboxes"
          onReset={() => {
            update.reset();
            setSelected(campaign.emailAccountIds);
          }}
        />
      </form>
    </Card>
  );
}
