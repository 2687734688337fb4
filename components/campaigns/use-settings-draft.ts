"use client";
import { useState } from "react";
import type { TCampaign } from "@/server/schemas/campaign";
import { campaignFieldErrors } from "./field-errors";
import { changesOf, draftOf, draftProblems, type SettingsDraft } from "./settings-draft";
import { useCampaignUpdate } from "./use-campaign-update";

/** The parts a field error can point at, named as the page names them. */
const PARTS: Array<{ prefix: string; name: string }> = [
  { prefix: "linkedinAccountIds", name: "Sender pool" },
  { prefix: "emailAccountIds", name: "Mailboxes" },
  { prefix: "schedule", name: "Schedule" },
  { prefix: "unsubscribe", name: "E-mail tracking and unsubscribe" },
  { prefix: "listId", name: "Leads and exclusions" },
  { prefix: "excludeListIds", name: "Leads and exclusions" },
  { prefix: "experiments", name: "A/B experiments" },
];

/** The parts of the page that hold one of these field errors, in page order; unknown fields are left out. */
export function partsWithErrors(fields: string[]): string[] {
  const names = PARTS.filter(({ prefix }) => fields.some((field) => field === prefix || field.startsWith(`${prefix}.`))).map(({ name }) => name);
  return [...new Set(names)];
}

/**
 * The campaign's settings as one draft saved by one campaigns.update: the service checks every part
 * before it writes any, in one transaction, so a save is never half done. After a save the draft
 * follows the campaign the server answered with.
 */
export function useSettingsDraft(campaign: TCampaign) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(campaign));
  const update = useCampaignUpdate(campaign.id);
  const changes = changesOf(draft, campaign);
  const dirty = Object.keys(changes).length > 0;
  const problems = draftProblems(draft);
  const errors: Record<string, string> = { ...campaignFieldErrors(update.error), ...problems };
  const erroneousParts = partsWithErrors(Object.keys(errors));
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    update.reset();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const save = (onSaved?: (campaign: TCampaign) => void) => {
    if (!dirty) {
      onSaved?.(campaign);
      return;
    }
    if (Object.keys(problems).length) return;
    update.mutate(
      { id: campaign.id, changes },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          onSaved?.(saved);
        },
      },
    );
  };
  const discard = () => {
    update.reset();
    setDraft(draftOf(campaign));
  };
  return { draft, set, errors, erroneousParts, dirty, save, discard, update };
}
