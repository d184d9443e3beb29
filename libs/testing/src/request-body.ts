import type { IncomingMessage } from 'node:http';

/** The whole body of a stand-in's request as UTF-8 text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON request body (`{}` when empty), or undefined when it is not JSON: the stand-in answers its API's parse error. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const text = await readBody(req);
  try {
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    return undefined;
  }
}
