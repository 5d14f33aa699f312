// Where billing flows send the browser back to. Mail links always use APP_URL (a Host header must never
// choose where a reset link points); a redirect the requester follows itself may use the origin it called,
// so the app works at any address it is opened at (127.0.0.1 vs localhost) when APP_URL is not set.
import type { Context } from '../../context.js';

export function returnBase(ctx: Pick<Context, 'services' | 'req'>): string {
  const { config } = ctx.services;
  if (config.appUrlConfigured || !ctx.req.origin) return config.appUrl;
  return ctx.req.origin.replace(/\/$/, '');
}
