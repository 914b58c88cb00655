import { toCaeError } from '@cae/core';
import type { Context } from 'hono';

/** One server-sent event; `data` is one line of text (JSON). */
export interface ServerSentEvent {
  event?: string;
  data: string;
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
};
const encoder = new TextEncoder();
const encode = ({ event, data }: ServerSentEvent) =>
  encoder.encode(event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`);

/**
 * The one SSE writer of the apps. It waits for the source's first item before answering, so a
 * source that fails at once (every provider down, a bad argument) gives the plain JSON error with its
 * status instead of a stream that breaks at once. Items become events, the end `data: [DONE]`, a later
 * failure an `error` event with the error body; a client that goes away aborts `controller`, which
 * the source should be listening to.
 * @example return serverSentEvents(c, gateway.stream({ ...request, signal }), controller, (chunk) => ({ data: JSON.stringify({ chunk }) }));
 */
export async function serverSentEvents<T>(
  c: Context,
  source: AsyncIterable<T>,
  controller: AbortController,
  toEvent: (item: T) => ServerSentEvent,
): Promise<Response> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: IteratorResult<T> | undefined = await iterator.next();
  let finished: Promise<unknown> | undefined;
  const finish = () => {
    finished ??= Promise.resolve(iterator.return?.()).catch(() => {});
    return finished;
  };
  // A plain pull stream holding the first item, so it goes out with the headers at once.
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const next = pending ?? (await iterator.next());
        pending = undefined;
        if (!next.done) {
          stream.enqueue(encode(toEvent(next.value)));
          return;
        }
        stream.enqueue(encode({ data: '[DONE]' }));
      } catch (error) {
        if (!controller.signal.aborted)
          stream.enqueue(encode({ event: 'error', data: JSON.stringify(toCaeError(error).toBody()) }));
      }
      await finish();
      stream.close();
    },
    async cancel() {
      controller.abort();
      await finish();
    },
  });
  return c.body(body, 200, SSE_HEADERS);
}
