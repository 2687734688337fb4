import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignForecast, ZForecastQuery } from "../../../schemas/campaign-forecast";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const forecastCampaignOperation = defineOperation({
  operationId: "forecastCampaign",
  method: "get",
  path: "/campaigns/{id}/forecast",
  summary: "Forecast a campaign",
  description:
    "Beyond the spec. Runs the executor's own rules forward from the campaign's current state — its schedule, every sender's caps, weekly limit and human-like gaps, every mailbox's daily limit and gaps, and the other active campaigns sharing its senders or mailboxes — for `days` days (default 45, at most 120), and answers when each lead will be reached (`leads[].firstActionAt` and the steps it will take), actions per day per sender and e-mails per day per mailbox (`days[].mailboxes`) in the campaign's timezone, and the expected finish date (`finishAt`, null when not within the horizon). A draft or paused campaign is forecast as if activated now. On the sandbox network the prospects' answers come from its deterministic behaviour model, so the forecast matches what then happens; on a real network acceptance and reply rates decide (`model: rates`, see `assumptions`). What recipients do with e-mails comes from the sandbox mail network's model, else from rates, and is taken in as the executor reads it from the mailbox: a reply ends the lead, a hard bounce fails it (and e-mail steps skip the address for every lead), a soft bounce sends the step again later, a spam complaint stops it, and a mailbox past its bounce or complaint rate pauses itself. Where the campaign tracks them, `totals.emailsOpened` and `totals.emailsClicked` count the e-mails that will be seen opened and clicked.",
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  query: ZForecastQuery,
  response: dataEnvelope(ZCampaignForecast),
  errors: ["not-found"],
});
