import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mongoMissing, serverGate, startMongo, type MongoServer } from '../src/index.js';

/** The launcher's additions to mongo-java-server (libs/testing/mongo-server/MongoTestServer.java). */
describe.skipIf(!serverGate('MongoDB', mongoMissing()))('MongoDB test server', () => {
  let server: MongoServer;
  let client: MongoClient;
  beforeAll(async () => {
    server = await startMongo();
    client = await new MongoClient(server.url, { serverSelectionTimeoutMS: 10_000 }).connect();
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });
  let n = 0;
  const fresh = () => client.db('launcher_test').collection<{ _id: string; v?: number; k?: number }>(`c${++n}`);

  it('answers hello as the primary of a one-member replica set with sessions and a modern wire version', async () => {
    const hello = await client.db('admin').command({ hello: 1 });
    expect(hello).toMatchObject({
      isWritablePrimary: true,
      setName: 'rs0',
      hosts: [`127.0.0.1:${server.port}`],
      primary: `127.0.0.1:${server.port}`,
      logicalSessionTimeoutMinutes: expect.any(Number),
    });
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(17);
    expect(server.snapshotIsolation).toBe(false);
  });

  it('abortTransaction puts back every document the transaction inserted, updated, upserted or deleted', async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 'kept', v: 1 },
      { _id: 'gone', v: 2 },
      { _id: 'many1', k: 1 },
      { _id: 'many2', k: 1 },
    ]);
    const before = await c.find({}).sort({ _id: 1 }).toArray();
    const session = client.startSession();
    try {
      session.startTransaction();
      await c.insertOne({ _id: 'new', v: 9 }, { session });
      await c.updateOne({ _id: 'kept' }, { $set: { v: 100 } }, { session });
      await c.updateOne({ _id: 'kept' }, { $inc: { v: 1 } }, { session });
      await c.updateOne({ _id: 'up' }, { $set: { v: 5 } }, { session, upsert: true });
      await c.updateMany({ k: 1 }, { $set: { k: 2 } }, { session });
      await c.deleteOne({ _id: 'gone' }, { session });
      await c.findOneAndUpdate({ _id: 'many1' }, { $set: { v: 7 } }, { session });
      // No isolation: the writes are visible outside before the abort.
      expect(await c.countDocuments({})).toBe(5);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
  });

  it('commitTransaction keeps the writes; a session ended mid-transaction rolls it back', async () => {
    const c = fresh();
    const committed = client.startSession();
    await committed.withTransaction(async () => {
      await c.insertOne({ _id: 'a' }, { session: committed });
    });
    await committed.endSession();
    const abandoned = client.startSession();
    abandoned.startTransaction();
    await c.insertOne({ _id: 'b' }, { session: abandoned });
    await client.db('admin').command({ endSessions: [abandoned.id] });
    expect(await c.find({}).toArray()).toEqual([{ _id: 'a' }]);
  });

  it('refuses to redefine an index as MongoDB does: 86 for other keys, 85 for other options or another name', async () => {
    const c = fresh();
    await c.createIndex({ k: 1 }, { name: 'by_k', unique: true });
    await c.createIndex({ k: 1 }, { name: 'by_k', unique: true }); // the same again is fine
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: MongoServerError) => e.code,
      );
    expect(await codeOf(c.createIndex({ v: 1 }, { name: 'by_k' }))).toBe(86);
    expect(await codeOf(c.createIndex({ k: 1 }, { name: 'by_k' }))).toBe(85);
    expect(await codeOf(c.createIndex({ k: 1 }, { name: 'other', unique: true }))).toBe(85);
  });

  it('answers as a standalone server when asked to (no set name)', async () => {
    const standalone = await startMongo({ replicaSet: false });
    const direct = await new MongoClient(standalone.url).connect();
    try {
      const hello = await direct.db('admin').command({ hello: 1 });
      expect(hello.isWritablePrimary).toBe(true);
      expect(hello.setName).toBeUndefined();
    } finally {
      await direct.close();
      await standalone.stop();
    }
  });
});
