import { dataEnvelope } from "../../../schemas/common";
import { ZAddressVerification, ZVerifyAddressInput } from "../../../schemas/verification";
import { defineOperation } from "../../../http/api-operation";

export const verifyAddressOperation = defineOperation({
  operationId: "verifyAddress",
  method: "post",
  path: "/verification",
  summary: "Verify one e-mail address",
  description:
    "Checks one address at once and answers its status (`valid`, `risky`, `invalid` or `unknown`), the rule that decided (`check`) and why in plain words (`reason`). The check reads the address's syntax, throwaway providers and role names (info@, sales@…), an earlier hard bounce to it, and its domain's MX or A records through Herald's DNS resolver (cached per domain for an hour). No mail is sent. No mail server is contacted unless the workspace turned on the catch-all probe (`catchAllProbe`, PATCH /workspace): then the domain's best mail server is asked, from this Herald server, whether it would accept a made-up address, and a domain that would is catch-all (`risky`, check `catch-all`). A result younger than the workspace's verification age (Settings, `verificationMaxAgeDays`, default 30 days) is answered from the store without checking again, except `unknown`, which is always checked again. The result is stored for the workspace: campaigns and GET /verification read it. `targetsCompanies` (default true) decides only how a free webmail address (gmail.com…) reads: risky when true, valid when false.",
  tags: ["Verification"],
  body: ZVerifyAddressInput,
  response: dataEnvelope(ZAddressVerification),
  acceptsWorkspaceHeader: true,
});
