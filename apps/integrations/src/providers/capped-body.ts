/**
 * A provider's response body read as it streams, up to a byte limit
 * (PROVIDER_MAX_RESPONSE_BYTES, docs/operations.md "Calendar integrations"): no calendar server can make the
 * service buffer more than that for one request. A declared length over the limit is refused
 * before anything is read; leaving the loop early cancels the stream (a web ReadableStream and a
 * Node Readable alike), so the rest is never read.
 */

/** The provider answered with a body over the limit (an outage as far as the caller goes). */
export class ResponseTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`answered with more than ${maxBytes} bytes`);
  }
}

/** The whole body (at most `maxBytes`), or ResponseTooLargeError with the stream cancelled. */
export async function readCapped(
  body: AsyncIterable<Uint8Array> | null,
  declaredLength: string | null | undefined,
  maxBytes: number,
): Promise<Buffer> {
  if (Number(declaredLength ?? NaN) > maxBytes) {
    await cancel(body);
    throw new ResponseTooLargeError(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of body ?? []) {
    length += chunk.byteLength;
    if (length > maxBytes) throw new ResponseTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/** A fetch Response's body as JSON (at most `maxBytes`); `{}` when it is not JSON. */
export async function readCappedJson(res: Response, maxBytes: number): Promise<unknown> {
  const bytes = await readCapped(res.body, res.headers.get('content-length'), maxBytes);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return {};
  }
}

async function cancel(body: AsyncIterable<Uint8Array> | null): Promise<void> {
  await body?.[Symbol.asyncIterator]().return?.();
}
