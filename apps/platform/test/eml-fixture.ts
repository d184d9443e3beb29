// The messages the notifications wrote as .eml files under DATA_DIR/mail/ (`npm start` without an
// SMTP server, docs/decisions.md "Notifications"), read with mailparser as a mail program would.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface EmlMessage {
  file: string;
  mail: ParsedMail;
}

/** The first address a message was sent to. */
export const recipientOf = (mail: ParsedMail): string =>
  mail.to && 'value' in mail.to ? (mail.to.value[0]?.address ?? '') : '';

/**
 * The .eml files written so far under `dataDir`/mail, parsed; none while the folder does not
 * exist. A file is parsed once and kept (a message file is written whole, by a rename).
 */
export function emlMailbox(dataDir: string): () => Promise<EmlMessage[]> {
  const dir = join(dataDir, 'mail');
  const parsed = new Map<string, Promise<ParsedMail>>();
  return async () => {
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
    return Promise.all(
      files.map(async (f) => {
        const file = join(dir, f);
        let mail = parsed.get(file);
        if (!mail) {
          mail = simpleParser(readFileSync(file));
          parsed.set(file, mail);
        }
        return { file, mail: await mail };
      }),
    );
  };
}
