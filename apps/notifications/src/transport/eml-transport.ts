import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SendResult } from '../domain/retry.js';
import { mailOptions, type MailTransport, type OutgoingMail } from './mail-transport.js';

/**
 * Without SMTP_URL (the embedded default of `npm start`): every message becomes an .eml file in
 * DATA_DIR/mail/, named by its Message-ID, so a newcomer opens the confirmation their first
 * booking produced in any mail program. Written to a temporary name and renamed, so a file that
 * exists is complete; writing the same message again replaces it (one file per Message-ID).
 */
export class EmlFileTransport implements MailTransport {
  readonly description: string;
  private readonly composer: Transporter;

  constructor(readonly dir: string) {
    this.description = `.eml files in ${dir}`;
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  async send(mail: OutgoingMail): Promise<SendResult> {
    try {
      const info = (await this.composer.sendMail(mailOptions(mail))) as { message: Buffer };
      const file = join(this.dir, emlFileName(mail.messageId));
      // The folder is made on the first message (and again if it was removed meanwhile).
      await writeFile(`${file}.tmp`, info.message).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(this.dir, { recursive: true });
        await writeFile(`${file}.tmp`, info.message);
      });
      await rename(`${file}.tmp`, file);
      return { kind: 'sent' };
    } catch (err) {
      // A full disk or a permission problem may pass: try again later.
      return {
        kind: 'temporary',
        error: `could not write the .eml file: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
      };
    }
  }

  /** The files of erased messages go too: they sit under DATA_DIR, beside the store. */
  async forget(messageIds: readonly string[]): Promise<void> {
    for (const id of new Set(messageIds)) await rm(join(this.dir, emlFileName(id)), { force: true });
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}

/** `<ntf_abc@host>` → `ntf_abc.eml` (the id part: the record id, safe in any file system). */
export const emlFileName = (messageId: string): string =>
  `${messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9_.-]/g, '_')}.eml`;
