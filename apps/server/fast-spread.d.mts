import type { Plugin } from 'esbuild';

export const EXACT_HELPER: string;
export const TRPC_DIST: RegExp;
export function withFastSpread(source: string, file?: string): string;
export const fastSpreadPlugin: Plugin;
