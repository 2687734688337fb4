// The Json columns of mailbox orders, read through their schemas (never cast).
import { z } from "zod";
import { jsonColumnReader } from "../../lib/json-column";
import { ZWarmupStrategy } from "../../schemas/mailbox-health";
import { ZDnsRecord, ZMailboxOrderLine } from "../../schemas/mailbox-order";

export const readOrderLines = jsonColumnReader(z.array(ZMailboxOrderLine), "order lines");
export const readOrderWarmupStrategy = jsonColumnReader(ZWarmupStrategy.nullable(), "order warmup strategy");
export const readDomainDnsRecords = jsonColumnReader(z.array(ZDnsRecord), "domain DNS records");
