/** Just enough Markdown for the descriptions: `code`, **bold**, escaping everything else. */
function inline(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped
    .replace(/`([^`]+)`/g, '<code class="rounded bg-slate-100 px-1 text-xs text-slate-800 break-words">$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong class="text-slate-800">$1</strong>');
}

export function Description({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm break-words text-slate-600">
      {text.split("\n\n").map((paragraph) => (
        <p key={paragraph} dangerouslySetInnerHTML={{ __html: inline(paragraph) }} />
      ))}
    </div>
  );
}
