import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event of this name (events of other names stay queued), or a rejection after `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<any>;
  /** Every event of this name received so far, removed from the queue. */
  drain(event: string): any[];
  close(): void;
}

/**
 * A server-sent-event stream opened over plain HTTP (GET /api/live): its `event:` / `data:` blocks
 * parsed as they arrive, the data as JSON.
 */
export function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      const events: Array<{ event: string; data: unknown }> = [];
      const waiting = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
        for (const wake of [...waiting]) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        async next(event, timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const i = events.findIndex((e) => e.event === event);
            if (i >= 0) return events.splice(i, 1)[0]!.data;
            if (Date.now() > deadline) throw new Error(`no ${event} event within ${timeoutMs} ms`);
            await new Promise<void>((wake) => {
              const done = () => {
                waiting.delete(done);
                wake();
              };
              waiting.add(done);
              setTimeout(done, 100);
            });
          }
        },
        drain(event) {
          const taken = events.filter((e) => e.event === event).map((e) => e.data);
          for (let i = events.length - 1; i >= 0; i--) if (events[i]!.event === event) events.splice(i, 1);
          return taken;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
