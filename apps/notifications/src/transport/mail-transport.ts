/**
 * The email port (docs/architecture.md "Notifications"): one message to one recipient, answered
 * as sent, a temporary failure or a permanent one. Both adapters build the message with
 * nodemailer, so an .eml file holds exactly what SMTP would have carried.
 */
import type { SendMailOptions } from 'nodemailer';
import type { SendResult } from '../domain/retry.js';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, `<…@…>`. */
  messageId: string;
  calendar: { filename: string; content: string } | null;
  /** RFC 8058 one-click unsubscribe: List-Unsubscribe with this URL and List-Unsubscribe-Post. */
  unsubscribeUrl: string | null;
}

export interface MailTransport {
  /** Where messages go, for the start-up log line (never a password). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<SendResult>;
  /**
   * Removes the copies of these messages the transport itself keeps (the .eml files), once an
   * erase removed them from the store (docs/decisions.md "Privacy"). SMTP keeps none: absent.
   */
  forget?(messageIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The nodemailer message of an outgoing mail: text and HTML parts, the calendar file, the list headers. */
export function mailOptions(mail: OutgoingMail): SendMailOptions {
  return {
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: mail.calendar
      ? [
          {
            filename: mail.calendar.filename,
            content: mail.calendar.content,
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : [],
    headers: {
      // RFC 3834: no vacation replies to these.
      'Auto-Submitted': 'auto-generated',
      ...(mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
    ...(mail.unsubscribeUrl ? { list: { unsubscribe: { url: mail.unsubscribeUrl } } } : {}),
  };
}
