// A streaming send in two steps (chat and assistant): `prepare` POSTs the message (a mutation, so the text
// travels in a request body) and answers a short-lived, single-use request id; `subscribe` then opens the
// SSE subscription whose URL carries only that id. Unsubscribing at any point stops the send: before the
// stream opened, the stored request is simply never claimed and expires on the server.
export interface Unsubscribable {
  unsubscribe(): void;
}

export function preparedSend(
  prepare: () => Promise<{ requestId: string }>,
  subscribe: (requestId: string) => Unsubscribable,
  onError: (err: unknown) => void,
): Unsubscribable {
  let stopped = false;
  let sub: Unsubscribable | undefined;
  prepare().then(
    ({ requestId }) => {
      if (!stopped) sub = subscribe(requestId);
    },
    (err: unknown) => {
      if (!stopped) onError(err);
    },
  );
  return {
    unsubscribe() {
      stopped = true;
      sub?.unsubscribe();
    },
  };
}
