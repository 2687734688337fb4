// The mark of an endpoint an automation platform subscribed through POST /api/v1/hooks (a REST
// hook), and the answer by which its target says it is gone (Zapier's REST hooks: 410 Gone means
// "unsubscribe me"). Endpoints added otherwise keep the disable-after-failures rule only.
export const REST_HOOK = "rest-hook" as const;

export const GONE_STATUS = 410;

export const GONE_REASON = "The target answered 410 Gone, so its REST hook subscription was removed";
