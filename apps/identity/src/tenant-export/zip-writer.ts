import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** One file of an archive; `content` is asked for only when the file's turn comes. */
export interface ArchiveEntry {
  name: string;
  content(): AsyncIterable<Buffer>;
}

/**
 * Writes a zip archive of `entries`, in order, handing its bytes to `write` and awaiting it, so a
 * slow store slows the readers down and nothing piles up in memory. yazl (docs/decisions.md
 * "Tenant export") deflates each entry as it streams and puts its size and CRC in a data
 * descriptor after the data, so an entry need not be measured before it is written, and switches
 * to ZIP64 past 4 GiB. A zip opens with a double click on every desktop system, which is who reads
 * an export.
 */
export async function writeZip(
  entries: readonly ArchiveEntry[],
  mtime: Date,
  write: (bytes: Buffer) => Promise<void>,
): Promise<void> {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let current: Readable | undefined;
  // yazl pipes each entry into its output: a pipe does not carry an error along, so a failed
  // entry ends the output with its error here, and the loop below throws it.
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  zip.on('error', fail);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime }, (ready) => {
      current = Readable.from(entry.content(), { objectMode: false });
      current.on('error', fail);
      ready(null, current);
    });
  }
  zip.end();
  try {
    for await (const bytes of out) await write(bytes as Buffer);
  } finally {
    // On a failure, stop the entry being read (its reader's `finally` runs).
    current?.destroy();
  }
}
