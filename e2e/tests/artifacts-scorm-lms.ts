// A stand-in LMS for the SCORM e2e: a tiny static server that unzips a package into a temp folder and serves
// it under /sco/, scorm-again's SCORM 1.2 runtime under /lms/scorm12.js, and an LMS page (/lms/) that puts
// `new Scorm12API()` on window.API and loads the SCO in an iframe — what a real LMS does.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';

// scorm-again is the api package's (dev) dependency; its browser build defines a global Scorm12API.
const fromApi = createRequire(new URL('../../packages/api/package.json', import.meta.url));
const SCORM12_JS = fromApi.resolve('scorm-again/scorm12/min');

const LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<style>body{margin:0;font-family:system-ui} header{padding:8px 16px;background:#223;color:#fff} iframe{border:0;width:100%;height:calc(100vh - 40px)}</style>
<script src="/lms/scorm12.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 5, autocommit: false });
  window.lmsCalls = [];
  ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) {
    window.API.on(name, function () { window.lmsCalls.push(name); });
  });
  // cmi.core.session_time is write-only for the SCO; the LMS sees what was set.
  window.API.on('LMSSetValue.cmi.core.session_time', function (element, value) { window.sessionTime = value; });
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
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/favicon.ico') return send(204, '');
    if (url.pathname === '/lms/') return send(200, LMS_PAGE, TYPES['.html']);
    if (url.pathname === '/lms/scorm12.js') return send(200, readFileSync(SCORM12_JS), TYPES['.js']);
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
    close: () =>
      new Promise<void>((resolve) => {
        if (dir) rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
