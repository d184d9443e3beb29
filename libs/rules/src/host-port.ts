import { z } from 'zod';

/** `host:port` of a gRPC peer: a host without spaces or colons, and a port from 1 to 65535. */
export const HOST_PORT_PATTERN = /^[^\s:]+:\d{1,5}$/;

export function isHostPort(value: string): boolean {
  if (!HOST_PORT_PATTERN.test(value)) return false;
  const port = Number(value.slice(value.lastIndexOf(':') + 1));
  return port >= 1 && port <= 65_535;
}

export const hostPortSchema = z.string().refine(isHostPort, 'host:port');
