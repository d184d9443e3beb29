import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { exited, guardedStop, outputTail } from './child-process.js';
import { freePort } from './free-port.js';
import { repoRoot } from './repo-root.js';

/**
 * A real SMTP server for the notification tests and benchmark: Mailpit (scripts/fetch-mailpit.sh
 * builds it into .cache/bin), which keeps what it receives in its own SQLite file and answers
 * its HTTP API (`/api/v1/messages`, `/api/v1/message/{id}/raw`). Its "chaos" triggers answer
 * chosen SMTP errors; `allowedRecipients` makes it refuse every other recipient with 550.
 */
export interface MailpitServer {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL names. */
  readonly smtpUrl: string;
  readonly smtpPort: number;
  /** The HTTP API's base URL. */
  readonly apiUrl: string;
  /** Every message received so far (Mailpit's summaries), oldest first. */
  messages(): Promise<MailpitMessage[]>;
  /** The raw source (RFC 5322) of one message. */
  raw(id: string): Promise<string>;
  /**
   * Every message received so far, oldest first, read from its raw source by mailparser (an
   * independent MIME parser): headers, text and HTML parts, attachments.
   */
  parsed(): Promise<ReceivedMail[]>;
  /**
   * Makes every RCPT TO answer `code` (e.g. 451) until called with null: Mailpit's chaos
   * trigger at 100 %.
   */
  failRecipients(code: number | null): Promise<void>;
  /** Deletes every stored message. */
  clear(): Promise<void>;
  /** Stops the server; what it received stays in its database for `start()`. */
  stop(): Promise<void>;
  /** Starts it again on the same ports with the same database. */
  start(): Promise<void>;
  /** Stops it and removes its database. */
  close(): Promise<void>;
}

export interface MailpitMessage {
  /** Mailpit's own id (for `raw`). */
  ID: string;
  /** The Message-ID header without the angle brackets. */
  MessageID: string;
  Subject: string;
  To: Array<{ Name: string; Address: string }>;
  Created: string;
}

/** A received message as mailparser reads it, with its envelope recipient. */
export interface ReceivedMail {
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
  /** The address it was delivered to. */
  to: string;
  subject: string;
  mail: ParsedMail;
}

export interface StartMailpitOptions {
  /** A regular expression (Go syntax) recipients must match; others are refused with 550. */
  allowedRecipients?: string;
}

const READY_TIMEOUT_MS = 20_000;
const PAGE = 500;

function mailpitBinary(): string {
  return process.env.MAILPIT_BIN || join(repoRoot(), '.cache', 'bin', 'mailpit');
}

/** Why Mailpit cannot run here, or null when it can. */
export function mailpitMissing(): string | null {
  try {
    accessSync(mailpitBinary(), constants.X_OK);
    return null;
  } catch {
    return `${mailpitBinary()} is missing: run scripts/fetch-mailpit.sh (or set MAILPIT_BIN)`;
  }
}

export async function startMailpit(options: StartMailpitOptions = {}): Promise<MailpitServer> {
  const dir = mkdtempSync(join(tmpdir(), 'mailpit-'));
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  const args = [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${httpPort}`,
    '--database',
    join(dir, 'mailpit.db'),
    // Keep everything (the default keeps the newest 500).
    '--max',
    '0',
    '--smtp-auth-accept-any',
    '--smtp-auth-allow-insecure',
    '--smtp-disable-rdns',
    '--disable-version-check',
    '--enable-chaos',
    '--quiet',
    ...(options.allowedRecipients ? ['--smtp-allowed-recipients', options.allowedRecipients] : []),
  ];
  let stopCurrent: (() => Promise<void>) | undefined;

  const api = async (path: string, init?: RequestInit): Promise<Response> => {
    const res = await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`Mailpit ${init?.method ?? 'GET'} ${path}: HTTP ${res.status} ${await res.text()}`);
    return res;
  };

  const start = async (): Promise<void> => {
    const child = spawn(mailpitBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = outputTail(child);
    stopCurrent = guardedStop(child, 5_000);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exited(child)) throw new Error(`mailpit exited while starting:\n${output()}`);
      try {
        await api('/api/v1/info');
        return;
      } catch {
        if (Date.now() > deadline) {
          await stopCurrent();
          throw new Error(`mailpit did not answer within ${READY_TIMEOUT_MS} ms:\n${output()}`);
        }
        await sleep(100);
      }
    }
  };
  const stop = async (): Promise<void> => {
    const current = stopCurrent;
    stopCurrent = undefined;
    await current?.();
  };

  const messages = async (): Promise<MailpitMessage[]> => {
    const all: MailpitMessage[] = [];
    for (let start = 0; ; start += PAGE) {
      const page = (await (await api(`/api/v1/messages?limit=${PAGE}&start=${start}`)).json()) as {
        messages: MailpitMessage[];
        total: number;
      };
      all.push(...page.messages);
      if (page.messages.length < PAGE) break;
    }
    // The API answers newest first.
    return all.reverse();
  };
  const raw = async (id: string) => (await api(`/api/v1/message/${encodeURIComponent(id)}/raw`)).text();
  await start();
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    smtpPort,
    apiUrl,
    messages,
    raw,
    async parsed() {
      const summaries = await messages();
      return Promise.all(
        summaries.map(async (m) => {
          const mail = await simpleParser(await raw(m.ID));
          return { messageId: mail.messageId ?? '', to: m.To[0]?.Address ?? '', subject: mail.subject ?? '', mail };
        }),
      );
    },
    async failRecipients(code) {
      await api('/api/v1/chaos', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Recipient: { ErrorCode: code ?? 451, Probability: code === null ? 0 : 100 } }),
      });
    },
    async clear() {
      await api('/api/v1/messages', { method: 'DELETE' });
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
