/**
 * A read many callers share without ever getting an answer older than their call. Those who call while a read is
 * out wait for the next one, sent once it returns; so under load the value is read about once a round trip, not once
 * a call, and each caller still sees every write committed before it called (a read that was already out might not).
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let out: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const send = (): Promise<T> => {
    const sent = read().finally(() => {
      if (out === sent) out = null;
    });
    out = sent;
    return sent;
  };
  const settled = () => undefined;
  return () => {
    if (!out) return send();
    next ??= out.then(settled, settled).then(() => {
      next = null;
      return send();
    });
    return next;
  };
}
