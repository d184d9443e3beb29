import { MongoClient, MongoServerError, type ClientSession } from 'mongodb';
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
      // Inside, the transaction sees its writes; outside, only what was committed.
      expect(await c.countDocuments({}, { session })).toBe(5);
      expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual(before);
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

  it('reads see committed documents only: another transaction\'s inserts, updates and deletes stay hidden until it commits', async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 'kept', v: 1 },
      { _id: 'gone', v: 2 },
    ]);
    const writer = client.startSession();
    const reader = client.startSession();
    try {
      writer.startTransaction();
      await c.insertOne({ _id: 'new', v: 9 }, { session: writer });
      await c.updateOne({ _id: 'kept' }, { $set: { v: 100 } }, { session: writer });
      await c.deleteOne({ _id: 'gone' }, { session: writer });
      const committed = [
        { _id: 'gone', v: 2 },
        { _id: 'kept', v: 1 },
      ];
      // Outside any transaction: find, a filter the uncommitted state alone matches, count, distinct.
      expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual(committed);
      expect(await c.findOne({ _id: 'new' })).toBeNull();
      expect(await c.find({ v: { $gte: 9 } }).toArray()).toEqual([]);
      expect(await c.countDocuments({})).toBe(2);
      expect((await c.distinct('v')).sort()).toEqual([1, 2]);
      // In another transaction, its first command a read (it opens the transaction).
      reader.startTransaction();
      expect(await c.find({}, { session: reader }).sort({ _id: 1 }).toArray()).toEqual(committed);
      await c.insertOne({ _id: 'mine' }, { session: reader });
      expect(await c.countDocuments({}, { session: reader })).toBe(3);
      await reader.abortTransaction();
      // The writer sees its own state, and everyone does once it commits.
      const mine = [
        { _id: 'kept', v: 100 },
        { _id: 'new', v: 9 },
      ];
      expect(await c.find({}, { session: writer }).sort({ _id: 1 }).toArray()).toEqual(mine);
      await writer.commitTransaction();
      expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual(mine);
    } finally {
      await writer.endSession();
      await reader.endSession();
    }
  });

  describe('write conflicts, as under snapshot isolation', () => {
    /** The server error a call failed with, or 'accepted'. */
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted' as const,
        (e: unknown) => {
          if (e instanceof MongoServerError) return e;
          throw e;
        },
      );
    /** Runs fn with `n` sessions of the client, ending them all afterwards. */
    const withSessions = async (n: number, fn: (...sessions: ClientSession[]) => Promise<void>) => {
      const sessions = Array.from({ length: n }, () => client.startSession());
      try {
        await fn(...sessions);
      } finally {
        await Promise.all(sessions.map((s) => s.endSession()));
      }
    };
    const expectWriteConflict = (e: 'accepted' | MongoServerError) => {
      expect(e).toBeInstanceOf(MongoServerError);
      const err = e as MongoServerError;
      expect({ code: err.code, codeName: err.codeName }).toEqual({ code: 112, codeName: 'WriteConflict' });
      expect(err.hasErrorLabel('TransientTransactionError')).toBe(true);
    };

    it('a second open transaction writing a document the first wrote gets 112 WriteConflict and is aborted; the first commits', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'n', v: 0 });
      await withSessions(2, async (first, second) => {
        first.startTransaction();
        second.startTransaction();
        await c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: first });
        await c.insertOne({ _id: 'other' }, { session: second });
        expectWriteConflict(await outcome(c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: second })));
        // The server aborted the loser: its earlier write is gone and it cannot commit.
        expect(await c.findOne({ _id: 'other' })).toBeNull();
        const commit = await outcome(second.commitTransaction());
        expect(commit).toBeInstanceOf(MongoServerError);
        expect((commit as MongoServerError).code).toBe(251);
        await first.commitTransaction();
      });
      // MongoDB's answer: one increment, not two.
      expect(await c.findOne({ _id: 'n' })).toEqual({ _id: 'n', v: 1 });
    });

    it('an insert of an _id another open transaction inserted conflicts too (not a duplicate key)', async () => {
      const c = fresh();
      await withSessions(2, async (first, second) => {
        first.startTransaction();
        second.startTransaction();
        await c.insertOne({ _id: 'x', v: 1 }, { session: first });
        expectWriteConflict(await outcome(c.insertOne({ _id: 'x', v: 2 }, { session: second })));
        await first.commitTransaction();
      });
      expect(await c.find({}).toArray()).toEqual([{ _id: 'x', v: 1 }]);
    });

    it('after the first writer aborts, a new transaction writes the document and commits', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'n', v: 0 });
      await withSessions(2, async (first, second) => {
        first.startTransaction();
        await c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: first });
        second.startTransaction();
        expectWriteConflict(await outcome(c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: second })));
        await second.abortTransaction(); // the driver's side of the server's abort
        await first.abortTransaction();
        // A transaction that starts now sees nothing it cannot overwrite.
        second.startTransaction();
        await c.updateOne({ _id: 'n' }, { $inc: { v: 10 } }, { session: second });
        await second.commitTransaction();
      });
      expect(await c.findOne({ _id: 'n' })).toEqual({ _id: 'n', v: 10 });
    });

    it('a transaction cannot overwrite a commit made after it started; one started after that commit can', async () => {
      const c = fresh();
      await c.insertOne({ _id: 'n', v: 0 });
      await withSessions(3, async (early, writer, late) => {
        early.startTransaction();
        await c.findOne({ _id: 'n' }, { session: early }); // its snapshot starts here
        writer.startTransaction();
        await c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: writer });
        await writer.commitTransaction();
        expectWriteConflict(await outcome(c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: early })));
        late.startTransaction();
        await c.updateOne({ _id: 'n' }, { $inc: { v: 1 } }, { session: late });
        await late.commitTransaction();
      });
      expect(await c.findOne({ _id: 'n' })).toEqual({ _id: 'n', v: 2 });
    });

    it('transactions writing different documents do not conflict; the driver retries a conflict until it commits', async () => {
      const c = fresh();
      await c.insertMany([
        { _id: 'a', v: 0 },
        { _id: 'b', v: 0 },
      ]);
      let attempts = 0;
      await withSessions(3, async (holder, other, retried) => {
        holder.startTransaction();
        await c.updateOne({ _id: 'a' }, { $inc: { v: 1 } }, { session: holder });
        other.startTransaction();
        await c.updateOne({ _id: 'b' }, { $inc: { v: 1 } }, { session: other });
        await other.commitTransaction();
        // withTransaction retries on TransientTransactionError; the holder ends after the first refusal.
        await retried.withTransaction(async () => {
          attempts++;
          if (attempts === 2) await holder.commitTransaction();
          await c.updateOne({ _id: 'a' }, { $inc: { v: 1 } }, { session: retried });
        });
      });
      // Attempt 1 met the open holder; attempt 2 starts (its first command) after the holder's commit.
      expect(attempts).toBe(2);
      expect(await c.find({}).sort({ _id: 1 }).toArray()).toEqual([
        { _id: 'a', v: 2 },
        { _id: 'b', v: 1 },
      ]);
    });
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
