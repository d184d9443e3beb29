/**
 * Cuts a byte stream into chunks of exactly `chunkBytes` (the last one shorter) and hands each to
 * `put` with its sequence number, awaited: at most one chunk is held at a time.
 */
export class ChunkWriter {
  private parts: Buffer[] = [];
  private size = 0;
  /** Chunks handed over so far (the next one's sequence number). */
  chunkCount = 0;
  /** Bytes taken so far. */
  totalBytes = 0;

  constructor(
    private readonly put: (seq: number, bytes: Buffer) => Promise<void>,
    private readonly chunkBytes: number,
  ) {
    if (!(chunkBytes > 0)) throw new RangeError('chunkBytes must be positive');
  }

  async write(bytes: Buffer): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const take = Math.min(this.chunkBytes - this.size, bytes.length - offset);
      this.parts.push(bytes.subarray(offset, offset + take));
      this.size += take;
      this.totalBytes += take;
      offset += take;
      if (this.size === this.chunkBytes) await this.flush();
    }
  }

  /** Hands over what is left (nothing when the bytes ended on a chunk boundary). */
  async end(): Promise<void> {
    if (this.size > 0) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    await this.put(this.chunkCount, chunk);
    this.chunkCount++;
  }
}
