// Where billing flows send the browser back to. Mail links always use APP_URL (a Host header must never
// choose where a reset link points); a redirect the requester follows itself may use the origin it called,
// so the app works at any address it is opened at (127.0.0.1 vs localhost) when APP_URL is not set.
import type { AppConfig } from '../../config.js';

/** The base URL for redirects back to the app: APP_URL when configured, else the origin the request called. */
export function returnBase(
  config: Pick<AppConfig, 'appUrl' | 'appUrlConfigured'>,
  origin: string | undefined,
): string {
  if (config.appUrlConfigured || !origin) return config.appUrl;
  return origin.replace(/\/$/, '');
}
