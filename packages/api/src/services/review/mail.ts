// The review mails (issue 39): an @mention, and an outside reviewer's invitation. Links are built from the
// configured APP_URL by the callers, never from the request's Host (whoever chose the host would get the link).
import type { MailMessage } from '../mail/mailer.js';
import { render } from '../mail/templates.js';

export function mentionEmail(m: {
  to: string;
  firstName: string | null;
  authorName: string;
  artifactTitle: string;
  excerpt: string;
  url: string;
}): MailMessage {
  return render({
    to: m.to,
    subject: `${m.authorName} mentioned you on "${m.artifactTitle}"`,
    greeting: m.firstName ? `Hi ${m.firstName},` : 'Hi,',
    paragraphs: [`${m.authorName} mentioned you in a comment on "${m.artifactTitle}":`, m.excerpt],
    action: { label: 'Open the comment', url: m.url },
    footer: 'You get this email because a member of your team workspace mentioned you.',
  });
}

export function reviewerInviteEmail(i: {
  to: string;
  inviterName: string;
  workspaceName: string;
  artifactTitle: string;
  message: string | null;
  url: string;
  validDays: number;
}): MailMessage {
  return render({
    to: i.to,
    subject: `${i.inviterName} asks you to review "${i.artifactTitle}"`,
    greeting: 'Hi,',
    paragraphs: [
      `${i.inviterName} (${i.workspaceName}) invited you to review "${i.artifactTitle}" on L&D Assistant. You can read it, comment and approve it — no account needed.`,
      ...(i.message ? [`Their message: ${i.message}`] : []),
    ],
    action: { label: 'Open the review', url: i.url },
    footer: `This link is for ${i.to} only and works for ${i.validDays} days unless it is revoked. If you did not expect it, you can ignore this email.`,
  });
}
