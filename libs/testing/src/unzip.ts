import yauzl from 'yauzl';

/**
 * Every file of a zip archive by name, read with yauzl (which checks each entry's CRC and sizes
 * against the central directory): how a test opens a tenant export.
 */
export function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The records of an NDJSON file: one JSON value per line, every line ended by `\n`. */
export function ndjsonLines(file: Buffer | undefined): unknown[] {
  if (file === undefined) throw new Error('no such file in the archive');
  const text = file.toString('utf8');
  if (text === '') return [];
  if (!text.endsWith('\n')) throw new Error('an NDJSON file ends with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}
