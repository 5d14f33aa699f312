// Client of the streams benchmark (a child process, so the server's memory figure holds only the server): starts
// every send at once over POST /api/chat/sessions/{id}/messages/stream and reports, per send, the time to the
// first content event (from the call, and from the moment the request was handed to the socket: with 500 sends
// at once the client itself takes a while to write them all) and whether it completed. Gets {port, clients} over
// IPC, answers the results.
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();

function send(port, agent, c, onFirst) {
  return new Promise((resolve) => {
    const started = now();
    let sent = NaN;
    let first = 0;
    let buf = '';
    let outcome = 'ended without complete';
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
          res.on('end', () =>
            resolve({ ttft: NaN, ttfs: NaN, outcome: `${res.statusCode} ${body.slice(0, 200)}` }),
          );
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (d) => {
          buf += d;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const ev = buf.slice(0, i);
            buf = buf.slice(i + 2);
            if (!ev.startsWith('data: ')) continue; // keep-alive comments
            const data = ev.slice(6);
            if (data === '[DONE]') continue;
            const parsed = JSON.parse(data);
            if (parsed.type === 'content' && !first) {
              first = now();
              onFirst();
            } else if (parsed.type === 'complete') outcome = 'ok';
            else if (parsed.type === 'error') outcome = `error: ${parsed.error}`;
          }
        });
        res.on('end', () =>
          resolve({ ttft: first ? first - started : NaN, ttfs: first ? first - sent : NaN, outcome }),
        );
      },
    );
    // 'finish': the whole request was handed to the operating system.
    req.on('finish', () => (sent = now()));
    req.on('error', (e) => resolve({ ttft: NaN, ttfs: NaN, outcome: String(e) }));
    req.end(JSON.stringify({ message: c.message }));
  });
}

process.on('message', async ({ port, clients }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length + 10 });
  // One message once every send has had its first token (one per token cost the server's thread too).
  let firsts = 0;
  const onFirst = () => {
    if (++firsts === clients.length) process.send({ allFirstTokens: true });
  };
  const results = await Promise.all(clients.map((c) => send(port, agent, c, onFirst)));
  agent.destroy();
  process.send({ results }, () => process.exit(0));
});
