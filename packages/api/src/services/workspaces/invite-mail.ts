// The invite email: who invites, to which team, the single-use link and its expiry — plain text and HTML with the
// same content, escaped like the other templates (services/mail/templates.ts).
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml } from '../mail/templates.js';

const PRODUCT = 'L&D Assistant';

export function workspaceInviteEmail(i: {
  to: string;
  inviterName: string;
  workspaceName: string;
  url: string;
  validDays: number;
}): MailMessage {
  const subject = `${i.inviterName} invited you to ${i.workspaceName} on ${PRODUCT}`;
  const lead = `${i.inviterName} invited you to join the team "${i.workspaceName}" on ${PRODUCT}, the AI assistant for learning and development.`;
  const how =
    'Open the link to accept. New to the app? Create your account there — no card needed, the team plan covers you.';
  const footer = `This link expires in ${i.validDays} days and can be used once, by ${i.to}. If you did not expect it, you can ignore this email.`;
  const text = [
    'Hi,',
    '',
    lead,
    '',
    how,
    '',
    'Accept the invitation:',
    i.url,
    '',
    footer,
    '',
    `— The ${PRODUCT} team`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT)}</h1>
<p>Hi,</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(how)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(i.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">Accept the invitation</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(i.url)}">${escapeHtml(i.url)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
<p>— The ${escapeHtml(PRODUCT)} team</p>
</div></body></html>
`;
  return { to: i.to, subject, text, html };
}
