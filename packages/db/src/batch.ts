// Reads of concurrent requests answered by one statement (issue 15). Under load, many requests for the same kind
// of read arrive in one turn of the event loop (every socket the poll found readable is handled before the loop
// goes on); each used to make its own round trip, and on the 2-core machine a round trip's socket write and the
// database backend's wake-up cost more of the server's CPU than the statement itself. A batcher gathers the keys
// asked for in the current turn and runs one statement for all of them when the turn ends (setImmediate).
//
// Only keys not yet sent join a batch: a statement already on its way never takes new callers, so every caller's
// answer is read by a statement that started after the caller asked (a write that finished before a request
// began is always seen). A key asked twice in one turn is read once.
export interface KeyBatcher<K, V> {
  /** The value for `key`, read with every other key asked for in this turn of the event loop. */
  load(key: K): Promise<V>;
}

/**
 * `read` gets the distinct keys of one turn (in the order first asked) and returns each key's value; a key it
 * leaves out gets `missing`. When `read` fails, every caller of that batch gets its error.
 */
export function createKeyBatcher<K, V>(
  read: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): KeyBatcher<K, V> {
  let pending: Map<K, { resolve: (v: V) => void; reject: (e: unknown) => void }[]> | null = null;

  const flush = async (batch: NonNullable<typeof pending>) => {
    let values: Map<K, V>;
    try {
      values = await read([...batch.keys()]);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      return;
    }
    for (const [key, waiters] of batch) {
      const v = values.has(key) ? (values.get(key) as V) : missing;
      for (const w of waiters) w.resolve(v);
    }
  };

  return {
    load(key) {
      return new Promise<V>((resolve, reject) => {
        if (!pending) {
          const batch = (pending = new Map());
          setImmediate(() => {
            pending = null;
            void flush(batch);
          });
        }
        const waiters = pending.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(key, [{ resolve, reject }]);
      });
    },
  };
}

/**
 * One batcher per database client (a batch never mixes clients: a transaction's reads stay in it), made on first
 * use and dropped with the client.
 */
export function keyBatcherPerClient<C extends object, K, V>(
  read: (client: C, keys: K[]) => Promise<Map<K, V>>,
  missing: V,
): (client: C) => KeyBatcher<K, V> {
  const batchers = new WeakMap<C, KeyBatcher<K, V>>();
  return (client) => {
    let b = batchers.get(client);
    if (!b) batchers.set(client, (b = createKeyBatcher((keys) => read(client, keys), missing)));
    return b;
  };
}
