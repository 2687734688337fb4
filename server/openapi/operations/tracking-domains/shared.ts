import { z } from "zod";

export const ZTrackingDomainIdParams = z.object({
  id: z.string().min(1).meta({ description: "Tracking domain id", example: "trk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
});

export const TRACKING_DOMAIN_NOTE =
  "A tracking domain is a host of the workspace's own sending domain, such as `track.acme.com` for mailboxes on `acme.com`, that answers the open pixel, the tracked links and the unsubscribe link (and `List-Unsubscribe`) of their campaign e-mails instead of Herald's address, so that links match the sender's domain. Add `record` (`track.acme.com CNAME <Herald's host>`; the installation may name another target with `HERALD_TRACKING_CNAME_TARGET`) at the domain's DNS host: Herald checks it when the tracking domain is added, hourly, and on `POST /tracking-domains/{id}/check`. Once `verified`, new e-mails of the domain's mailboxes link to `https://<host>` (a mailbox may pick another of the workspace's tracking domains, `PUT /email-accounts/{id}/tracking-domain`); until then, and whenever it is not verified, they link to Herald's address. HTTPS on the host needs a reverse proxy in front of Herald with certificates for it (see the installation guide); `httpsWarning` says when the check found it not answering.";
