import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError, StoreUnavailableError, openMongoStore } from '../src/index.js';
import { mapMongoError } from '../src/mongo-store.js';
import { storeContract } from './store-contract.js';

const url = process.env.MONGODB_URL;

if (!url) {
  // No MongoDB can be installed on the CI machine, so this is a loud skip, not a failure.
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!!! SKIPPED: MongoDB store contract did not run: MONGODB_URL is not set.\n!!! Set it to a replica set (transactions need one), e.g. mongodb://127.0.0.1:27017/?replicaSet=rs0\n${bar}\n`,
  );
}

describe.skipIf(!url)('MongoDB adapter against a server', () => {
  const dbNames: string[] = [];

  afterAll(async () => {
    if (!url || dbNames.length === 0) return;
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
    try {
      for (const name of dbNames) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  storeContract('mongodb', async () => {
    const dbName = `store_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    dbNames.push(dbName);
    return openMongoStore({ url: url!, dbName });
  });
});

describe('MongoDB adapter without a server', () => {
  it('an unreachable server fails openMongoStore with StoreUnavailableError', async () => {
    await expect(
      openMongoStore({
        url: 'mongodb://127.0.0.1:1/?directConnection=true',
        dbName: 'x',
        serverSelectionTimeoutMS: 300,
      }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('maps E11000 to DuplicateKeyError with the index name from the message', () => {
    const e = new MongoServerError({
      message: 'E11000 duplicate key error collection: db.users index: by_email dup key: { email: "a@x" }',
      code: 11000,
      keyPattern: { email: 1 },
    });
    const mapped = mapMongoError(e);
    expect(mapped).toBeInstanceOf(DuplicateKeyError);
    expect((mapped as DuplicateKeyError).index).toBe('by_email');
  });

  it('falls back to the key pattern when the message names no index', () => {
    const byId = mapMongoError(new MongoServerError({ message: 'dup', code: 11000, keyPattern: { _id: 1 } }));
    expect((byId as DuplicateKeyError).index).toBe('_id_');
    const compound = mapMongoError(
      new MongoServerError({ message: 'dup', code: 11000, keyPattern: { org: 1, handle: 1 } }),
    );
    expect((compound as DuplicateKeyError).index).toBe('org_1_handle_1');
  });

  it('keeps transient errors raw inside a transaction so the driver can retry, maps them outside', () => {
    const e = new MongoServerError({ message: 'WriteConflict', code: 112, errorLabels: ['TransientTransactionError'] });
    expect(mapMongoError(e, true)).toBe(e);
    expect(mapMongoError(e)).toBeInstanceOf(StoreUnavailableError);
    const other = new MongoServerError({ message: 'bad', code: 2 });
    expect(mapMongoError(other)).toBe(other);
  });
});
