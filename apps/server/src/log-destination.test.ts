// The server's log is written asynchronously (app.ts, logDestination): nothing logged is lost when the process
// ends, because main.ts waits for the destination (flushLog) and pino writes what is queued at exit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '@app/api';
import { loggerOptions } from './app.js';
import { flushLog, logDestination } from './log-destination.js';

const dir = mkdtempSync(path.join(tmpdir(), 'lnd-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('log destination', () => {
  it('production and test servers log through the asynchronous destination; development keeps pino-pretty', () => {
    for (const env of ['production', 'test'] as const) {
      const opts = loggerOptions(testConfig({ env })) as { stream?: { sync?: boolean; minLength?: number } };
      expect(opts.stream?.sync).toBe(false);
      expect(opts.stream?.minLength).toBe(1);
    }
    const dev = loggerOptions(testConfig({ env: 'development' })) as {
      stream?: unknown;
      transport?: unknown;
    };
    expect(dev.stream).toBeUndefined();
    expect(dev.transport).toBeDefined();
    // A logger the caller configures (tests, embedding) is left as given.
    expect(loggerOptions(testConfig(), { level: 'warn' })).toMatchObject({ level: 'warn' });
    expect(loggerOptions(testConfig(), false)).toBe(false);
  });

  it('flushLog waits until every line logged is written', async () => {
    const file = path.join(dir, 'flush.log');
    const dest = logDestination(file);
    await new Promise((r) => dest.once('ready', r));
    const log = pino(dest);
    for (let i = 0; i < 2_000; i++) log.info({ i }, 'a line of the request log');
    await flushLog(log);
    const lines = linesOf(file);
    expect(lines).toHaveLength(2_000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ i: 1_999 });
  });

  it('a process that logs and exits at once loses no line', () => {
    // pino's exit handler writes what the asynchronous destination still queues.
    const file = path.join(dir, 'exit.log');
    const moduleTs = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-destination.ts');
    const script = `
      import pino from 'pino';
      import { logDestination } from ${JSON.stringify(moduleTs)};
      const dest = logDestination(${JSON.stringify(file)});
      dest.once('ready', () => {
        const log = pino(dest);
        for (let i = 0; i < 2000; i++) log.info({ i }, 'a line of the request log');
        process.exit(0);
      });`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.dirname(moduleTs),
    });
    expect(linesOf(file)).toHaveLength(2_000);
  });
});
