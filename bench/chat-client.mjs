// Benchmark client (a worker thread, so the server's event loop is not shared): `concurrency` loops, each
// sending streaming chat messages back to back over POST /api/chat/sessions/{id}/messages/stream.
import { parentPort, workerData } from 'node:worker_threads';
import http from 'node:http';

const { port, clients, durationMs, runId } = workerData;
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length + 10 });
const results = { sends: 0, errors: 0, ttft: [], chunks: [], errorSamples: [] };

function streamOnce(c, n) {
  const message = `bench ${runId}:${c.index}:${n} — create a learning plan for new team leaders`;
  return new Promise((resolve) => {
    const started = now();
    const arrivals = [];
    let first = 0;
    let buf = '';
    let ok = false;
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: `/api/chat/sessions/${c.sessionId}/messages/stream`,
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        agent,
      },
      (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => {
            results.errors++;
            if (results.errorSamples.length < 5) results.errorSamples.push(`${res.statusCode} ${body}`);
            resolve();
          });
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (d) => {
          const t = now();
          buf += d;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const ev = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = ev.slice(6);
            if (data === '[DONE]') continue;
            const parsed = JSON.parse(data);
            if (parsed.type === 'content') {
              if (!first) first = t;
              arrivals.push(t);
            } else if (parsed.type === 'complete') ok = true;
            else if (parsed.type === 'error') {
              results.errors++;
              if (results.errorSamples.length < 5) results.errorSamples.push(parsed.error);
            }
          }
        });
        res.on('end', () => {
          if (ok) {
            results.sends++;
            results.ttft.push(first - started);
            results.chunks.push({ message, arrivals });
          }
          resolve();
        });
      },
    );
    req.on('error', (e) => {
      results.errors++;
      if (results.errorSamples.length < 5) results.errorSamples.push(String(e));
      resolve();
    });
    req.end(JSON.stringify({ message }));
  });
}

const deadline = now() + durationMs;
const t0 = now();
await Promise.all(
  clients.map(async (c) => {
    for (let n = 0; now() < deadline; n++) await streamOnce(c, n);
  }),
);
results.elapsedMs = now() - t0;
agent.destroy();
parentPort.postMessage(results);
