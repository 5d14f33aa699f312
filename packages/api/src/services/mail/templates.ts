// Email templates: each returns a subject, a plain-text body and an HTML body (same content).
import type { MailMessage } from './mailer.js';

const PRODUCT = 'L&D Assistant';

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface Layout {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** The shared layout of every mail (also used by services/review's mails). */
export function render(l: Layout): MailMessage {
  const text = [
    l.greeting,
    '',
    ...l.paragraphs.flatMap((p) => [p, '']),
    ...(l.action ? [`${l.action.label}:`, l.action.url, ''] : []),
    ...(l.footer ? [l.footer, ''] : []),
    `— The ${PRODUCT} team`,
    '',
  ].join('\n');
  const button = l.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(l.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(l.action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(l.action.url)}">${escapeHtml(l.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT)}</h1>
<p>${escapeHtml(l.greeting)}</p>
${l.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${l.footer ? `<p style="font-size:13px;color:#555">${escapeHtml(l.footer)}</p>` : ''}
<p>— The ${escapeHtml(PRODUCT)} team</p>
</div></body></html>
`;
  return { to: l.to, subject: l.subject, text, html };
}

const hi = (firstName?: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');

export interface Recipient {
  email: string;
  firstName?: string | null;
}

export function verificationEmail(r: Recipient, url: string, validHours: number): MailMessage {
  return render({
    to: r.email,
    subject: `Verify your email address for ${PRODUCT}`,
    greeting: hi(r.firstName),
    paragraphs: [`Please confirm that ${r.email} is your email address to finish setting up your account.`],
    action: { label: 'Verify email address', url },
    footer: `This link expires in ${validHours} hours and can be used once. If you did not create an account, you can ignore this email.`,
  });
}

export function passwordResetEmail(r: Recipient, url: string, validMinutes: number): MailMessage {
  return render({
    to: r.email,
    subject: `Reset your ${PRODUCT} password`,
    greeting: hi(r.firstName),
    paragraphs: ['We received a request to reset the password of your account. Choose a new password here:'],
    action: { label: 'Reset password', url },
    footer: `This link expires in ${validMinutes} minutes and can be used once. If you did not ask for a reset, you can ignore this email; your password stays the same.`,
  });
}

export function welcomeEmail(r: Recipient, dashboardUrl: string): MailMessage {
  return render({
    to: r.email,
    subject: `Welcome to ${PRODUCT}`,
    greeting: hi(r.firstName),
    paragraphs: [
      'Your account is ready. Turn expert input into structured training: Bloom-aligned objectives, quizzes, branching scenarios and learning plans.',
    ],
    action: { label: 'Go to your dashboard', url: dashboardUrl },
  });
}

export function passwordChangedEmail(r: Recipient, loginUrl: string): MailMessage {
  return render({
    to: r.email,
    subject: `Your ${PRODUCT} password was changed`,
    greeting: hi(r.firstName),
    paragraphs: [
      'The password of your account was just changed, and you were signed out on your other devices.',
      'If this was not you, reset your password right away from the login page and contact support.',
    ],
    action: { label: 'Log in', url: loginUrl },
  });
}

/** Sent to the previous address when the account's email changes, so a takeover does not go unnoticed. */
export function emailChangedEmail(r: Recipient, newEmail: string, resetUrl: string): MailMessage {
  return render({
    to: r.email,
    subject: `Your ${PRODUCT} email address was changed`,
    greeting: hi(r.firstName),
    paragraphs: [
      `The email address of your account was changed from ${r.email} to ${newEmail}. Future messages go to the new address.`,
      'If this was not you, reset your password right away and contact support.',
    ],
    action: { label: 'Reset password', url: resetUrl },
  });
}
