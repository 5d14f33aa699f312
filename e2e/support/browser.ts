// Which Chromium the e2e suite drives: CHROMIUM_PATH when set, else Debian's headless shell (the package
// chromium-headless-shell, the same engine and version as chromium: the headless mode Playwright itself uses by
// default), else Debian's full chromium. The full browser in headless mode also runs its own UI (a top-chrome
// WebUI renderer) and a compositing GPU process, which took most of the suite's CPU on 2 cores.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
