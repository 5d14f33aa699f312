// Tests' version of the web's streaming send over tRPC: POST `<kind>.prepareSend` with the message in the body
// (answers a single-use request id), then the `<kind>.sendStream` subscription (GET, SSE) whose URL carries
// only that id; the bearer travels in the Authorization header of both.
import type { FastifyInstance } from 'fastify';

export type SendKind = 'chat' | 'assistant';
type Headers = Record<string, string>;

/** The subscription's path: the request id is all its URL carries. */
export const sendStreamPath = (kind: SendKind, requestId: string) =>
  `/trpc/${kind}.sendStream?input=${encodeURIComponent(JSON.stringify({ json: { requestId } }))}`;

/** `<kind>.prepareSend` over tRPC: the raw response (200 with the request id, or the tRPC error). */
export const prepareSendRaw = (app: FastifyInstance, kind: SendKind, headers: Headers, input: unknown) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${kind}.prepareSend`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  });

/** `<kind>.prepareSend`, expected to succeed: the request id. */
export async function prepareSend(
  app: FastifyInstance,
  kind: SendKind,
  headers: Headers,
  input: unknown,
): Promise<string> {
  const res = await prepareSendRaw(app, kind, headers, input);
  if (res.statusCode !== 200) throw new Error(`${kind}.prepareSend: ${res.statusCode} ${res.body}`);
  return (res.json() as { result: { data: { json: { requestId: string } } } }).result.data.json.requestId;
}

/** Both steps (inject): the subscription's response, its SSE body once the stream ended. */
export async function sendOverTrpc(app: FastifyInstance, kind: SendKind, headers: Headers, input: unknown) {
  const requestId = await prepareSend(app, kind, headers, input);
  return app.inject({ method: 'GET', url: sendStreamPath(kind, requestId), headers });
}
