/**
 * The SMS port and its one adapter (docs/decisions.md "Notifications"): a Twilio-compatible REST
 * API, `POST {SMS_API_URL}/2010-04-01/Accounts/{sid}/Messages.json` with a form body (To, From,
 * Body) and HTTP basic auth (account SID, auth token). 2xx: sent; 429, 5xx or no answer:
 * temporary; any other 4xx (a number the provider refuses): permanent.
 */
import type { SendResult } from '../domain/retry.js';

export interface SmsTransport {
  send(message: { to: string; body: string }): Promise<SendResult>;
}

export interface TwilioSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs: number;
}

export class TwilioSmsTransport implements SmsTransport {
  private readonly url: string;
  private readonly authorization: string;

  constructor(private readonly settings: TwilioSettings) {
    this.url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async send(message: { to: string; body: string }): Promise<SendResult> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { authorization: this.authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: this.settings.from, Body: message.body }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      return { kind: 'temporary', error: `SMS API unreachable: ${(err as Error).name}` };
    }
    // The answer may repeat the number; only its error code and status are kept.
    const answer = (await res.json().catch(() => ({}))) as { code?: unknown };
    if (res.ok) return { kind: 'sent' };
    const error = `SMS API HTTP ${res.status}${typeof answer.code === 'number' ? ` (error ${answer.code})` : ''}`;
    return res.status === 429 || res.status >= 500 ? { kind: 'temporary', error } : { kind: 'permanent', error };
  }
}
