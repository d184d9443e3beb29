import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './request-body.js';

/**
 * A contract stand-in for a Twilio-compatible SMS API, NOT Twilio: only the documented request
 * and response of "create a message" — `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * a form body (`To`, `From`, `Body`), HTTP basic auth with the account SID and auth token —
 * answering 201 with the message resource, 401 for wrong credentials and Twilio's error shape
 * (`{ code, message, status }`) for what a test asks it to fail with.
 */
export interface SmsApiStandIn {
  /** The API base URL (what SMS_API_URL names). */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** Every message accepted, in order. */
  messages(): ReceivedSms[];
  /** Answers `status` (e.g. 400 or 503) to the next `times` requests. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export async function startSmsApiStandIn(): Promise<SmsApiStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const received: ReceivedSms[] = [];
  let failing: { status: number; times: number } | null = null;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    if (req.method !== 'POST' || req.url !== path)
      return error(res, 404, 20404, 'The requested resource was not found');
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return error(res, 400, 21000, 'Form body expected');
    }
    if (failing && failing.times > 0) {
      failing.times--;
      const status = failing.status;
      return error(res, status, status === 400 ? 21211 : 20500, status === 400 ? "Invalid 'To' Phone Number" : 'Error');
    }
    const form = new URLSearchParams(text);
    const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
    if (!to || !from || !body) return error(res, 400, 21604, "A 'To', 'From' and 'Body' are required");
    const sid = `SM${randomBytes(16).toString('hex')}`;
    received.push({ sid, to, from, body });
    send(res, 201, { sid, account_sid: accountSid, to, from, body, status: 'queued', num_segments: '1' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => error(res, 500, 20500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages: () => [...received],
    failNext(status, times = 1) {
      failing = { status, times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
