// Uploading a file in a test: the multipart body the files route reads, then a wait for its extraction.
import { expect } from 'vitest';
import type { TestServer } from '../testing.js';

type Auth = { authorization: string };

/** Uploads `body` as `name` through the files route; `wait` (default) waits until it is read. */
export async function uploadFile(
  s: TestServer,
  auth: Auth,
  sessionId: string,
  file: { name: string; body: Buffer | string; contentType?: string },
  wait = true,
) {
  const boundary = `----t${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'text/plain'}\r\n\r\n`,
    ),
    Buffer.from(file.body),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/assistant/sessions/${sessionId}/files`,
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(201);
  if (wait) await s.services.files.processor.idle();
  return res.json().file as { id: string; filename: string; status: string };
}
