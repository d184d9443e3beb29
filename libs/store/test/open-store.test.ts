import { describe, expect, it } from 'vitest';
import { SqliteDocumentStore, StoreUnavailableError, openStore, type StoreConfig } from '../src/index.js';

describe('openStore', () => {
  it('opens SQLite for kind sqlite', async () => {
    const store = await openStore({ kind: 'sqlite', file: ':memory:' });
    expect(store).toBeInstanceOf(SqliteDocumentStore);
    await store.ping();
    await store.close();
  });

  it('opens MongoDB for kind mongodb (unreachable here: StoreUnavailableError)', async () => {
    const config: StoreConfig = {
      kind: 'mongodb',
      url: 'mongodb://127.0.0.1:1/?directConnection=true',
      dbName: 'x',
      serverSelectionTimeoutMS: 300,
    };
    await expect(openStore(config)).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('rejects an unknown kind', async () => {
    await expect(openStore({ kind: 'redis' } as unknown as StoreConfig)).rejects.toThrow(/unknown store kind/);
  });
});
