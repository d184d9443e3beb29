import { randomUUID } from 'node:crypto';

/** 1 to 128 printable ASCII characters; anything else is replaced by a fresh UUID. */
const ACCEPTABLE = /^[\x20-\x7E]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE.test(value) ? value : randomUUID();
}
