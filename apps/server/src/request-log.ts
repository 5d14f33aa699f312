// The request log: one line per request, written when it ends, instead of Fastify's two (issue 15: the second
// pino call was about a tenth of a cheap request's cost). The line carries what both did: the request (method,
// path without query string, host, address; see the serializer in app.ts), the status and the duration.
// Requests that can run long or change data — anything but a GET, and event streams — also log a line when
// they arrive, so one in flight (or one a crash cut short) can still be found by its request id.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

function announced(request: FastifyRequest) {
  return request.method !== 'GET' || (request.headers.accept ?? '').includes('text/event-stream');
}

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (announced(request)) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
