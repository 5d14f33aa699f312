// A stand-in LMS for the SCORM e2e: a tiny static server that unzips a package into a temp folder and serves
// it under /sco/, scorm-again's SCORM 1.2 and 2004 runtimes under /lms/scorm12.js and /lms/scorm2004.js, and
// LMS pages that put `new Scorm12API()` on window.API (/lms/) or `new Scorm2004API()` on window.API_1484_11
// (/lms2004/) and load the SCO in an iframe — what a real LMS does. The 2004 page keeps the learner's record
// in sessionStorage when the SCO terminates (suspend data, completion, success, and entry "resume" after an
// exit "suspend") and loads it into the next runtime, as an LMS does for a relaunch. For cmi5 it is also a
// small LRS under /lrs/: the fetch URL answers an auth token, the LMS.LaunchData state document a launch in
// Normal mode with a context template, other state documents are kept (PUT, GET, DELETE per stateId, activity
// and registration: the AU's resume state, `states()`), and /lrs/xapi/statements records what the AU sends
// (`statements()`). The SCORM 1.2 page, like the 2004 one, keeps the learner's record in sessionStorage for a
// relaunch (cmi.core.entry "resume" after cmi.core.exit "suspend") and lists what the SCO set (`lmsSet`).
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { FrameLocator, Page } from '@playwright/test';

// scorm-again is the api package's (dev) dependency; its browser build defines a global Scorm12API.
const fromApi = createRequire(new URL('../../packages/api/package.json', import.meta.url));
const SCORM12_JS = fromApi.resolve('scorm-again/scorm12/min');
const SCORM2004_JS = fromApi.resolve('scorm-again/scorm2004/min');

const LMS2004_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS 2004</title>
<style>body{margin:0;font-family:system-ui} header{padding:8px 16px;background:#223;color:#fff} iframe{border:0;width:100%;height:calc(100vh - 40px)}</style>
<script src="/lms/scorm2004.js"></script>
<script>
  var api = new Scorm2004API({ logLevel: 5, autocommit: false });
  var saved = sessionStorage.getItem('learner-record');
  if (saved) api.loadFromJSON(JSON.parse(saved));
  window.API_1484_11 = api;
  window.lmsCalls = [];
  window.lmsSet = {};
  ['Initialize', 'Commit', 'Terminate'].forEach(function (name) {
    api.on(name, function () { window.lmsCalls.push(name); });
  });
  // Write-only elements (cmi.exit, cmi.session_time) as the LMS receives them.
  api.on('SetValue.cmi.*', function (element, value) { window.lmsSet[element] = value; });
  api.on('Terminate', function () {
    sessionStorage.setItem('learner-record', JSON.stringify({ cmi: {
      entry: window.lmsSet['cmi.exit'] === 'suspend' ? 'resume' : '',
      suspend_data: api.cmi.suspend_data,
      completion_status: api.cmi.completion_status,
      success_status: api.cmi.success_status
    } }));
  });
</script></head>
<body><header>Test LMS (SCORM 2004)</header><iframe id="sco" title="Course" src="/sco/index.html"></iframe></body></html>`;

const LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<style>body{margin:0;font-family:system-ui} header{padding:8px 16px;background:#223;color:#fff} iframe{border:0;width:100%;height:calc(100vh - 40px)}</style>
<script src="/lms/scorm12.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 5, autocommit: false });
  var saved = sessionStorage.getItem('learner-record-12');
  if (saved) window.API.loadFromJSON(JSON.parse(saved));
  window.lmsCalls = [];
  window.lmsSet = {};
  ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
    window.API.on(name, function () { window.lmsCalls.push(name); });
  });
  // cmi.core.session_time is write-only for the SCO; the LMS sees what was set.
  window.API.on('LMSSetValue.cmi.core.session_time', function (element, value) { window.sessionTime = value; });
  // Write-only elements (exit, interactions) as the LMS receives them.
  window.API.on('LMSSetValue.cmi.*', function (element, value) { window.lmsSet[element] = value; });
  window.API.on('LMSFinish', function () {
    var core = window.API.cmi.core;
    sessionStorage.setItem('learner-record-12', JSON.stringify({ cmi: {
      core: { entry: window.lmsSet['cmi.core.exit'] === 'suspend' ? 'resume' : '', lesson_status: core.lesson_status },
      suspend_data: window.API.cmi.suspend_data
    } }));
  });
</script></head>
<body><header>Test LMS</header><iframe id="sco" title="Course" src="/sco/index.html"></iframe></body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export interface TestLms {
  url: string;
  /** Replaces the served package. */
  load(zip: Uint8Array): void;
  /** The xAPI statements the LRS received, in order (with the Authorization header they came with). */
  statements(): { auth: string | undefined; statement: Record<string, unknown> }[];
  /** The state documents the AU keeps (beside LMS.LaunchData): "stateId registration" → body. */
  states(): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestLms(): Promise<TestLms> {
  let dir = '';
  const load = (zip: Uint8Array) => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(path.join(tmpdir(), 'scorm-'));
    for (const [name, bytes] of Object.entries(unzipSync(zip))) {
      const target = path.join(dir, name);
      if (!target.startsWith(dir + path.sep)) throw new Error(`unsafe path in zip: ${name}`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
  };
  const received: { auth: string | undefined; statement: Record<string, unknown> }[] = [];
  const states = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/lrs/')) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        if (url.pathname === '/lrs/fetch' && req.method === 'POST')
          return json(200, { 'auth-token': 'dGVzdDp0ZXN0' });
        const stateId = url.searchParams.get('stateId');
        if (url.pathname === '/lrs/xapi/activities/state' && stateId !== 'LMS.LaunchData') {
          const key = `${stateId} ${url.searchParams.get('registration')}`;
          if (req.method === 'PUT') states.set(key, body);
          if (req.method === 'DELETE') states.delete(key);
          if (req.method !== 'GET') {
            res.writeHead(204);
            return res.end();
          }
          const doc = states.get(key);
          if (doc === undefined) return json(404, { error: 'no such state document' });
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(doc);
        }
        if (url.pathname === '/lrs/xapi/activities/state')
          return json(200, {
            launchMode: 'Normal',
            masteryScore: 0.8,
            moveOn: 'CompletedAndPassed',
            contextTemplate: {
              contextActivities: { grouping: [{ id: 'urn:test-lms:course' }] },
              extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 'session-1' },
            },
          });
        if (url.pathname === '/lrs/xapi/statements' && req.method === 'POST') {
          // One statement or a list of them (xAPI's POST takes both).
          const parsed = JSON.parse(body) as Record<string, unknown> | Record<string, unknown>[];
          const list = Array.isArray(parsed) ? parsed : [parsed];
          for (const statement of list) received.push({ auth: req.headers.authorization, statement });
          return json(
            200,
            list.map((s) => s.id),
          );
        }
        json(404, { error: 'not found' });
      });
      return;
    }
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/favicon.ico') return send(204, '');
    if (url.pathname === '/lms/') return send(200, LMS_PAGE, TYPES['.html']);
    if (url.pathname === '/lms/scorm12.js') return send(200, readFileSync(SCORM12_JS), TYPES['.js']);
    if (url.pathname === '/lms2004/') return send(200, LMS2004_PAGE, TYPES['.html']);
    if (url.pathname === '/lms/scorm2004.js') return send(200, readFileSync(SCORM2004_JS), TYPES['.js']);
    if (url.pathname.startsWith('/sco/') && dir) {
      const file = path.join(dir, decodeURIComponent(url.pathname.slice('/sco/'.length)));
      if (!file.startsWith(dir + path.sep)) return send(403, 'forbidden');
      try {
        return send(200, readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
      } catch {
        return send(404, 'not found');
      }
    }
    send(404, 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    load,
    statements: () => [...received],
    states: () => Object.fromEntries(states),
    close: () =>
      new Promise<void>((resolve) => {
        if (dir) rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}

/**
 * A resumed learner finishing the fixture quiz from question 3 (true/false, the short answer, the matching), in a
 * SCORM SCO's frame or a cmi5 AU's page, through to the results.
 */
export async function finishFixtureQuizFromQuestion3(
  root: Page | FrameLocator,
  pairs: readonly { left: string; right: string }[],
) {
  const check = () => root.getByRole('button', { name: 'Check answer' }).click();
  const next = (label = 'Next question') => root.getByRole('button', { name: label }).click();
  await root.getByLabel('True').check();
  await check();
  await next();
  await root.getByLabel('Your answer').fill('hand sanitiser');
  await check();
  await next();
  for (const p of pairs) await root.getByLabel(p.left).selectOption({ label: p.right });
  await check();
  await next('See results');
}
