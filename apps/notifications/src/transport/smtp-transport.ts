import nodemailer, { type Transporter } from 'nodemailer';
import { smtpResult, type SendResult } from '../domain/retry.js';
import { mailOptions, type MailTransport, type OutgoingMail } from './mail-transport.js';

/**
 * SMTP through nodemailer's pool (SMTP_URL): a few long-lived connections that carry many
 * messages each. Every reply code is judged by smtpResult (5xx permanent, 4xx and no reply
 * temporary); the error text never carries the address.
 */
export class SmtpTransport implements MailTransport {
  readonly description: string;
  private readonly transporter: Transporter;

  constructor(url: string, opts: { poolSize: number; timeoutMs: number }) {
    const parsed = new URL(url);
    this.description = `SMTP ${parsed.protocol}//${parsed.host}`;
    this.transporter = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: opts.poolSize,
      maxMessages: 1_000,
      connectionTimeout: opts.timeoutMs,
      greetingTimeout: opts.timeoutMs,
      socketTimeout: opts.timeoutMs,
    });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      await this.transporter.sendMail(mailOptions(mail));
      return { kind: 'sent' };
    } catch (err) {
      const e = err as { responseCode?: number; code?: string; message?: string };
      return smtpResult(
        e.responseCode,
        e.code && !e.responseCode ? `${e.code}: ${e.message}` : (e.message ?? ''),
        mail.to,
      );
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
