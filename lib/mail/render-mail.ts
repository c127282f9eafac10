// One layout for every mail, as plain text and as HTML from the same parts: a greeting, a few
// paragraphs, at most one button whose link is also written out whole (in the text part and
// under the button), and a closing note. Everything interpolated is escaped in the HTML part.
import type { MailMessage } from "./mail-message";

export type MailParts = {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Why the reader got this mail, or what to do if it was not them. */
  footer: string;
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export function renderMail(parts: MailParts): MailMessage {
  const text = [
    ...parts.paragraphs,
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`] : []),
    "--",
    parts.footer,
  ].join("\n\n");

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#3b4cca;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Or open this link: <a href="${escapeHtml(parts.action.url)}" style="color:#3b4cca;word-break:break-all">${escapeHtml(parts.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f8;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#1d1d22;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">Inkbase</p>
${parts.paragraphs.map(paragraph).join("\n")}
${button}
<hr style="border:none;border-top:1px solid #e4e4e8;margin:24px 0">
<p style="margin:0;font-size:13px;color:#555555">${escapeHtml(parts.footer)}</p>
</div>
</body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}
