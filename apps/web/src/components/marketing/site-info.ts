// Contact details and dates shown on the public pages.
export const CONTACT_EMAIL = 'support@lnd-assistant.com';
export const REPLY_TIME = '1–2 business days';
export const LEGAL_LAST_UPDATED = 'November 22, 2026';
export const LEGAL_LAST_UPDATED_ISO = '2026-11-22';
