// The Orders page and the ordering wizard: domain search, quote, pay, resume, cancel, the list and
// one order; and cancelling a managed mailbox (Mailboxes page).
import { z } from "zod";
import {
  ZCancelManagedInput,
  ZDomainSearchInput,
  ZListMailboxOrdersQuery,
  ZPayMailboxOrderInput,
  ZQuoteMailboxOrderInput,
} from "../../schemas/mailbox-order";
import { cancelMailboxOrder } from "../../services/mailbox-orders/cancel-mailbox-order";
import { getMailboxOrder } from "../../services/mailbox-orders/get-mailbox-order";
import { listMailboxOrders } from "../../services/mailbox-orders/list-mailbox-orders";
import { payMailboxOrder } from "../../services/mailbox-orders/pay-mailbox-order";
import { quoteMailboxOrder } from "../../services/mailbox-orders/quote-mailbox-order";
import { resumeMailboxOrder } from "../../services/mailbox-orders/resume-mailbox-order";
import { searchDomains } from "../../services/mailbox-orders/search-domains";
import { cancelManagedMailbox } from "../../services/mailbox-orders/managed-mailboxes/cancel-managed-mailbox";
import { router, workspaceProcedure } from "../init";

const ZOrderId = z.object({ orderId: z.string().min(1).max(100) });

export const mailboxOrdersRouter = router({
  searchDomains: workspaceProcedure.input(ZDomainSearchInput).query(({ ctx, input }) => searchDomains(ctx.actor, input)),
  quote: workspaceProcedure.input(ZQuoteMailboxOrderInput).mutation(({ ctx, input }) => quoteMailboxOrder(ctx.actor, input, { via: "dashboard" })),
  pay: workspaceProcedure
    .input(ZOrderId.extend({ payment: ZPayMailboxOrderInput }))
    .mutation(({ ctx, input }) => payMailboxOrder(ctx.actor, input.orderId, input.payment)),
  resume: workspaceProcedure.input(ZOrderId).mutation(({ ctx, input }) => resumeMailboxOrder(ctx.actor, input.orderId)),
  cancel: workspaceProcedure.input(ZOrderId).mutation(({ ctx, input }) => cancelMailboxOrder(ctx.actor, input.orderId)),
  list: workspaceProcedure.input(ZListMailboxOrdersQuery).query(({ ctx, input }) => listMailboxOrders(ctx.actor, input)),
  get: workspaceProcedure.input(ZOrderId).query(({ ctx, input }) => getMailboxOrder(ctx.actor, input.orderId)),
  cancelManaged: workspaceProcedure
    .input(z.object({ mailboxId: z.string().min(1).max(100), confirmAdmin: ZCancelManagedInput.unwrap().shape.confirmAdmin }))
    .mutation(({ ctx, input }) => cancelManagedMailbox(ctx.actor, input.mailboxId, { confirmAdmin: input.confirmAdmin })),
});
