export { createMailer, type Mailer, type MailMessage, type MailerOptions, type SentMail } from './mailer.js';
export * from './templates.js';
