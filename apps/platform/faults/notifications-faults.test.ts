// Notifications under faults (`npm run faults`; docs/testing.md "Fault suite"): the distributed
// topology (every app its own process on MongoDB, Redis and Kafka) with the notifications
// service sending to a real SMTP server (Mailpit). The SMTP server taken away for 30 s while 200
// bookings are made, then the notifications process SIGKILLed in the middle of a stream: every
// message arrives afterwards, and no message reaches the server under two Message-IDs; the
// records are read straight from the notifications' MongoDB database.

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectService } from '@svc/grpc';
import { notificationsV1 } from '@svc/proto';
import { kafkaMissing, mailpitMissing, mongoMissing, redisMissing, serverGate } from '@svc/testing';
import { MongoClient, type Db } from 'mongodb';
import { startTopology, type Topology } from '../src/topology/topology.js';
import { retryUnanswered, startRig, stream, type Outcome, type Rig } from './fault-rig.js';

const runs =
  (process.env.MONGODB_URL !== undefined || serverGate('MongoDB', mongoMissing())) &&
  serverGate('Redis', redisMissing()) &&
  serverGate('Kafka', kafkaMissing()) &&
  serverGate('Mailpit', mailpitMissing());

const DESK = 'desk@faults.test';

type Record = {
  _id: string;
  bookingId: string;
  template: string;
  recipient: string;
  status: string;
  messageId: string;
};

describe.skipIf(!runs)('notifications under faults: the SMTP server down, the notifications process killed', () => {
  let topology: Topology | undefined;
  let rig: Rig;
  let mongo: MongoClient;
  let db: Db;

  beforeAll(async () => {
    topology = await startTopology({
      gateways: 1,
      bookings: 1,
      rateLimits: 'off',
      notifications: true,
      appEnv: {
        notifications: { NOTIFY_FIRST_RETRY_MS: '300', NOTIFY_POLL_MS: '200' },
        // The rig's webhook receiver (startRig) listens on loopback.
        'webhook-dispatcher': { WEBHOOK_URL_ALLOWLIST: '127.0.0.1' },
      },
      ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
    });
    rig = await startRig(topology);
    mongo = await MongoClient.connect(topology.mongodbUrl);
    db = mongo.db(`${topology.dbPrefix}notifications`);
    // Every request also reaches the front desk: two messages per booking.
    const client = connectService(notificationsV1.NotificationServiceService, rig.app('notifications').address);
    await client
      .updateNotificationSettings({
        tenantId: rig.tenantId,
        businessEmails: [DESK],
        businessEmailsSet: true,
        reminderOffsetsMin: [],
        reminderOffsetsSet: false,
        teamEmails: [],
        businessEmailsFollowTeam: false,
      })
      .finally(() => client.close());
  }, 300_000);

  afterAll(async () => {
    await mongo?.close();
    await rig?.close();
    await topology?.stop();
  }, 120_000);

  const recordsOf = (bookingIds: string[]) =>
    db
      .collection<Record>('notifications')
      .find({ tenantId: rig.tenantId, bookingId: { $in: bookingIds } })
      .toArray();

  /**
   * Waits until each booking has its two records (the customer's request and the desk's) sent and
   * every record's Message-ID has reached the SMTP server; answers the figures. No (booking,
   * template, recipient) has two records, and no message reached the server under two ids.
   */
  async function expectEveryMessageOnce(outcomes: Outcome[], withinMs: number) {
    const booked = [...new Set(outcomes.filter((o) => o.bookingId).map((o) => o.bookingId!))];
    const mailpit = topology!.mailpit!;
    const until = Date.now() + withinMs;
    let records: Record[] = [];
    let ids: string[] = [];
    for (;;) {
      records = await recordsOf(booked);
      ids = (await mailpit.messages()).map((m) => `<${m.MessageID}>`);
      const arrived = new Set(ids);
      const done =
        records.length === booked.length * 2 && records.every((r) => r.status === 'sent' && arrived.has(r.messageId));
      if (done || Date.now() > until) break;
      await sleep(1_000);
    }
    const perKey = new Map<string, number>();
    for (const r of records)
      perKey.set(
        `${r.bookingId} ${r.template} ${r.recipient}`,
        (perKey.get(`${r.bookingId} ${r.template} ${r.recipient}`) ?? 0) + 1,
      );
    expect(
      [...perKey.values()].filter((n) => n > 1),
      'messages recorded twice',
    ).toEqual([]);
    expect(records.length, 'one request and one desk message per booking').toBe(booked.length * 2);
    expect(
      records.filter((r) => r.status !== 'sent').map((r) => `${r._id} ${r.status}`),
      'not sent',
    ).toEqual([]);
    const arrived = new Set(ids);
    expect(
      records.filter((r) => !arrived.has(r.messageId)).map((r) => r.messageId),
      'never arrived',
    ).toEqual([]);
    // Each message arrived under its one Message-ID; a copy accepted twice (a crash between the
    // server's 250 and the record) would share it, so a mailbox keeps one.
    const mine = new Set(records.map((r) => r.messageId));
    const copies = ids.filter((id) => mine.has(id)).length;
    return {
      bookings: booked.length,
      messages: records.length,
      copiesAtServer: copies,
      resentCopies: copies - mine.size,
    };
  }

  it('the SMTP server down for 30 s while 200 bookings are made: every message arrives afterwards, none twice', async () => {
    const mailpit = topology!.mailpit!;
    await mailpit.stop();
    const downAt = Date.now();
    const outcomes = await stream(rig, 200, 8);
    const retried = await retryUnanswered(rig, outcomes);
    expect([...outcomes, ...retried].filter((o) => o.bookingId).length).toBeGreaterThanOrEqual(200);
    // The records wait with their retries while the server is away.
    const waiting = await db
      .collection<Record>('notifications')
      .countDocuments({ tenantId: rig.tenantId, status: 'pending' });
    expect(waiting).toBeGreaterThan(0);
    await sleep(Math.max(0, 30_000 - (Date.now() - downAt)));
    await mailpit.start();
    const backAt = Date.now();
    const figures = await expectEveryMessageOnce([...outcomes, ...retried], 180_000);
    expect(figures.resentCopies, 'copies of a message sent twice').toBe(0);
    console.log(
      `[faults] SMTP server down 30 s: bookings ${figures.bookings}, messages ${figures.messages}, at the server ${figures.copiesAtServer}, ` +
        `all there ${((Date.now() - backAt) / 1000).toFixed(1)} s after it returned`,
    );
  }, 600_000);

  it('the notifications process killed (SIGKILL) mid-stream and restarted: nothing lost, nothing recorded twice', async () => {
    const app = rig.app('notifications');
    let restarting: Promise<void> | undefined;
    const outcomes = await stream(rig, 300, 8, (done) => {
      if (done === 100) {
        restarting = (async () => {
          app.process.kill('SIGKILL');
          await app.process.exited;
          await sleep(1_000);
          await app.restart();
        })();
      }
    });
    await restarting;
    const retried = await retryUnanswered(rig, outcomes);
    const figures = await expectEveryMessageOnce([...outcomes, ...retried], 240_000);
    console.log(
      `[faults] notifications killed: bookings ${figures.bookings}, messages ${figures.messages}, at the server ${figures.copiesAtServer} ` +
        `(${figures.resentCopies} sent again under the same Message-ID after the kill)`,
    );
  }, 600_000);
});
