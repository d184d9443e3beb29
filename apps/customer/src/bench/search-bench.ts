// Customer search benchmark: `npm run bench` (from the repository root) or
// `node apps/customer/dist/bench/search-bench.js` after a build. Not part of the test run.
// One tenant with 100,000 customers in a SQLite file (the embedded profile's store), seeded as an
// earlier release stored them and then given their search keys by the start-up backfill, so the
// backfill is timed too. Then search pages (limit 25) for name, email and phone prefixes, each
// beside the plain list page measured in the same run: the ratio is what compares across machines
// (docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@svc/store';
import { newCustomer } from '../domain/merge.js';
import { parseListRequest, type ListRequest } from '../store/paging.js';
import { CustomerRepository } from '../store/customer-repository.js';
import { CUSTOMERS, toDoc, type CustomerDoc } from '../store/records.js';

const CUSTOMER_COUNT = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const TENANT = 'ten_bench';
const SEED_BATCH = 2_000;
const WARMUP = 20;
const RUNS = 300;

/** Deterministic (mulberry32), so every run searches the same data. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = rng(20_261_121);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const FIRST = [
  'Anna',
  'Lena',
  'Max',
  'Paul',
  'Marie',
  'Jonas',
  'Sofia',
  'Elias',
  'Emma',
  'Noah',
  'Mia',
  'Ben',
  'Hannah',
  'Finn',
  'Lea',
  'Luis',
  'Clara',
  'Felix',
  'Ida',
  'Henry',
  'Zoë',
  'Jürgen',
  'Ömer',
  'Ana',
  'José',
  'Chloé',
  'Liam',
  'Olivia',
  'Noor',
  'Yuki',
  'Wei',
  'Aisha',
  'Mateo',
  'Sara',
  'Karl',
  'Greta',
  'Theo',
  'Frieda',
  'Oskar',
  'Nele',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Braun',
  'Zimmermann',
  'Krüger',
  'Hartmann',
  'Lange',
  'Werner',
  'Krause',
  'Lehmann',
  'Köhler',
  'Maier',
  'Herrmann',
  'König',
  'Walter',
  'Peters',
  'Möller',
  'García',
  'Rossi',
  'Nguyen',
  'Kowalski',
  'Yılmaz',
  'Smith',
  'Dubois',
  'Jansen',
];
const DOMAINS = [
  'gmail.com',
  'web.de',
  'gmx.de',
  'outlook.com',
  't-online.de',
  'icloud.com',
  'praxis-nord.de',
  'firma.example',
];

interface Seeded {
  name: string;
  email: string | null;
  phone: string | null;
}

function person(i: number): Seeded {
  const first = pick(FIRST);
  const last = pick(LAST);
  // A surname with a number now and then makes some prefixes rare, as real data has them.
  const name = i % 50 === 0 ? `${first} ${last}-${pick(LAST)}` : `${first} ${last}`;
  const local = `${first}.${last}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const email = random() < 0.85 ? `${local}${i}@${pick(DOMAINS)}` : null;
  const phone = random() < 0.7 ? (random() < 0.8 ? `+4915${digits(1)}${digits(8)}` : `+1415${digits(7)}`) : null;
  return { name, email, phone };
}

interface Stats {
  p50: number;
  p99: number;
  mean: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
}

const dir = mkdtempSync(join(tmpdir(), 'customer-search-bench-'));
const store = await openSqliteStore({ file: join(dir, 'customer.sqlite') });
const repo = new CustomerRepository(store, { clock: () => 1_790_000_000_000 });
await repo.ensureIndexes();

// Seed as an earlier release stored customers (no search keys), in large transactions.
const people: Seeded[] = [];
const seedStart = performance.now();
const customers = store.collection<CustomerDoc>(CUSTOMERS);
for (let i = 0; i < CUSTOMER_COUNT; i += SEED_BATCH) {
  await store.withTransaction(async (tx) => {
    for (let j = i; j < Math.min(CUSTOMER_COUNT, i + SEED_BATCH); j++) {
      const p = person(j);
      people.push(p);
      const c = newCustomer(
        `cus_${String(j).padStart(22, '0')}`,
        TENANT,
        { name: p.name, primaryEmail: p.email, phone: p.phone, locale: 'de', timezone: 'Europe/Berlin' },
        1_700_000_000_000 + j,
      );
      await customers.insertOne(toDoc(c), tx);
    }
  });
}
const seedMs = performance.now() - seedStart;
const backfillStart = performance.now();
const backfilled = await repo.backfillSearchKeys();
const backfillMs = performance.now() - backfillStart;
const keyCount = await store.collection('customer_search').count({ tenantId: TENANT });

/** A page request as the RPC makes it (the same parsing as over gRPC). */
const request = (q: string, cursor = ''): ListRequest => parseListRequest({ limit: 25, cursor, query: q });

interface Case {
  label: string;
  /** A fresh query per run (drawn from the seeded data), so no single key stays hot. */
  query: () => ListRequest;
}

const withEmail = people.filter((p) => p.email !== null);
const withGermanPhone = people.filter((p) => p.phone?.startsWith('+49'));
const withPhone = people.filter((p) => p.phone !== null);
const secondPages: Array<{ q: string; cursor: string }> = [];
for (const first of FIRST) {
  const q = first.slice(0, 3);
  const page = await repo.list(TENANT, request(q));
  if (page.nextCursor) secondPages.push({ q, cursor: page.nextCursor });
}
const listCursors: string[] = [];
{
  let cursor = '';
  for (let i = 0; i < 40; i++) {
    const page = await repo.list(TENANT, parseListRequest({ limit: 100, cursor, query: '' }));
    cursor = page.nextCursor ?? '';
    listCursors.push(cursor);
    for (let skip = 0; skip < 20 && cursor; skip++) {
      cursor = (await repo.list(TENANT, parseListRequest({ limit: 100, cursor, query: '' }))).nextCursor ?? '';
    }
  }
}

const cases: Case[] = [
  { label: 'baseline: list page 1 (no q)', query: () => request('') },
  { label: 'baseline: list page at a cursor (no q)', query: () => request('', pick(listCursors.filter(Boolean))) },
  { label: 'name, common first name (3 letters: "lea")', query: () => request(pick(FIRST).slice(0, 3)) },
  { label: 'name, surname word ("schröder")', query: () => request(pick(LAST)) },
  { label: 'name, full "first last"', query: () => request(pick(people).name) },
  {
    label: 'name, page 2 of a common prefix (cursor)',
    query: () => {
      const { q, cursor } = pick(secondPages);
      return request(q, cursor);
    },
  },
  { label: 'email, local part prefix ("lena.mu")', query: () => request(pick(withEmail).email!.slice(0, 7)) },
  { label: 'email, whole address', query: () => request(pick(withEmail).email!) },
  { label: 'email, domain ("praxis-nord")', query: () => request(pick(DOMAINS).slice(0, 8)) },
  {
    label: 'phone, "+49 1512" (country code)',
    query: () => request(`+49 ${pick(withGermanPhone).phone!.slice(3, 7)}`),
  },
  { label: 'phone, "01512" (trunk prefix)', query: () => request(`0${pick(withGermanPhone).phone!.slice(3, 7)}`) },
  // What a front desk types from a caller's number: its last digits (issue 27).
  { label: 'phone, last 7 digits', query: () => request(pick(withPhone).phone!.slice(-7)) },
  { label: 'phone, last 4 digits (many match)', query: () => request(pick(withPhone).phone!.slice(-4)) },
  { label: 'no match ("zzqx")', query: () => request(`zzqx${digits(2)}`) },
];

interface Row {
  label: string;
  stats: Stats;
  items: number;
}

const rows: Row[] = [];
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await repo.list(TENANT, c.query());
  const samples: number[] = [];
  let items = 0;
  for (let i = 0; i < RUNS; i++) {
    const req = c.query();
    const t0 = performance.now();
    const page = await repo.list(TENANT, req);
    samples.push(performance.now() - t0);
    items += page.items.length;
  }
  rows.push({ label: c.label, stats: stats(samples), items: items / RUNS });
}

const baseline = rows[0]!.stats;
const fmt = (n: number) => n.toFixed(3);
console.log(
  `Customer search, ${CUSTOMER_COUNT.toLocaleString('en')} customers in one tenant (SQLite file), ` +
    `${keyCount.toLocaleString('en')} search keys; limit 25; ${RUNS} runs per case after ${WARMUP} warm-up runs`,
);
console.log(
  `seeding (without keys): ${(seedMs / 1000).toFixed(1)} s; start-up backfill of ${backfilled.toLocaleString('en')} customers: ${(backfillMs / 1000).toFixed(1)} s`,
);
console.log('');
console.log('| case | items/page | p50 ms | p99 ms | mean ms | p50 vs list page 1 | p99 vs list page 1 |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.label} | ${r.items.toFixed(1)} | ${fmt(r.stats.p50)} | ${fmt(r.stats.p99)} | ${fmt(r.stats.mean)} | ` +
      `${(r.stats.p50 / baseline.p50).toFixed(2)} | ${(r.stats.p99 / baseline.p99).toFixed(2)} |`,
  );
}

await store.close();
rmSync(dir, { recursive: true, force: true });
