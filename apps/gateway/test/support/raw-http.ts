import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `bytes` exactly as given on a fresh connection (Node's client refuses to send most of
 * what these tests need) and reads responses until the server closes the connection, or
 * `idleMs` pass without data, or (with `responses`) that many complete responses arrived.
 * `halfClose` ends our side after writing, as a client that has nothing more to send does.
 */
export async function rawExchange(
  port: number,
  bytes: string,
  opts: { halfClose?: boolean; idleMs?: number; responses?: number } = {},
): Promise<{ responses: RawResponse[]; closedByServer: boolean }> {
  const socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let closedByServer = false;
  await new Promise<void>((resolve) => {
    let idle: NodeJS.Timeout | undefined;
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        socket.destroy();
        resolve();
      }, opts.idleMs ?? 1_500);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (opts.responses !== undefined && completeResponses(received) >= opts.responses) {
        clearTimeout(idle);
        socket.destroy();
        resolve();
      } else rearm();
    });
    socket.on('end', () => {
      closedByServer = true;
      socket.end();
    });
    socket.on('close', () => {
      clearTimeout(idle);
      resolve();
    });
    socket.on('error', () => undefined);
    if (opts.halfClose) socket.end(bytes, 'latin1');
    else socket.write(bytes, 'latin1');
    rearm();
  });
  return { responses: parseResponses(received), closedByServer };
}

function completeResponses(data: Buffer): number {
  try {
    return parseResponses(data).length;
  } catch {
    return 0;
  }
}

function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = data.toString('utf8');
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) throw new Error(`incomplete response head: ${rest.slice(0, 200)}`);
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (rest.length < headEnd + 4 + length) throw new Error('incomplete response body');
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(headEnd + 4 + length);
  }
  if (rest !== '') throw new Error(`unexpected bytes after the responses: ${rest.slice(0, 200)}`);
  return responses;
}
