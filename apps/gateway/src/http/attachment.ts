import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * An answer a browser saves as a file (the exports, the calendar file): never stored by a cache
 * unless `cacheControl` says otherwise.
 */
export function attachment(reply: FastifyReply, fileName: string, cacheControl?: string): void {
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  if (cacheControl) reply.header('cache-control', cacheControl);
}

/**
 * Pieces as a reply's body, written as they come. Typed as the route's declared string answer:
 * defineRoute passes a `produces` answer through as it is, and the document shows the declared type.
 */
export const streamed = (pieces: AsyncIterable<string | Uint8Array>): string =>
  Readable.from(pieces, { objectMode: false }) as unknown as string;
