// The pages a recipient of a campaign e-mail sees: the unsubscribe page and its answers, and the
// answer to a broken tracked link. Plain, self-contained HTML from the route handlers (no dashboard
// styles, scripts or Herald branding: the reader knows the sender, not Herald), readable on a phone.

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #f8fafc; }
  main { max-width: 28rem; margin: 12vh auto 0; padding: 2rem 1.5rem; background: #fff; border-radius: .75rem; box-shadow: 0 1px 3px rgba(15,23,42,.1); }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; overflow-wrap: anywhere; }
  p { margin: 0 0 1.25rem; color: #475569; }
  button { width: 100%; padding: .75rem 1rem; font: inherit; font-weight: 600; color: #fff; background: #0f172a; border: 0; border-radius: .5rem; cursor: pointer; }
  @media (max-width: 30rem) { main { margin: 0; min-height: 100vh; border-radius: 0; box-shadow: none; } }
`;

function page(title: string, body: string, status: number): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/** The question before unsubscribing: opening the link does nothing until the button is pressed. */
export function unsubscribeQuestionPage(input: { address: string; workspaceName: string }): Response {
  const question = `Unsubscribe ${input.address} from ${input.workspaceName}'s e-mails?`;
  return page(
    "Unsubscribe",
    `<h1>${escapeHtml(question)}</h1>
<p>You will not receive further e-mails from ${escapeHtml(input.workspaceName)}.</p>
<form method="post"><input type="hidden" name="source" value="page"><button type="submit">Unsubscribe</button></form>`,
    200,
  );
}

export function unsubscribedPage(input: { address: string; workspaceName: string }): Response {
  return page(
    "You are unsubscribed",
    `<h1>You are unsubscribed</h1>
<p>${escapeHtml(input.address)} will not receive further e-mails from ${escapeHtml(input.workspaceName)}.</p>`,
    200,
  );
}

export function invalidUnsubscribeLinkPage(): Response {
  return page(
    "Link not valid",
    `<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut off or changed. Use the link of the e-mail itself, or reply to the e-mail and ask the sender to stop.</p>`,
    404,
  );
}

export function invalidTrackedLinkPage(): Response {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1>
<p>It may have been cut off or changed. Open the link from the e-mail itself.</p>`,
    400,
  );
}

export function temporaryFailurePage(): Response {
  return page("Please try again", `<h1>Something went wrong</h1><p>Please try again in a minute.</p>`, 503);
}
