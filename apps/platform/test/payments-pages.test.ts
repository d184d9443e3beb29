// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
// A paid booking through the pages in a real browser (Debian's Chromium through puppeteer-core)
// on the embedded platform, the integrations service calling the Stripe stand-in (libs/testing;
// every request checked against stripe-mock where it is installed): the booking page states the
// deposit and the refund policy before booking, sends the browser to the stand-in's checkout
// page, whose Pay button sends it back through GET /pay/{tenantId}/{key} to the manage page,
// which shows the booking confirmed and paid and what a cancel would refund; a customer who
// leaves the checkout without paying lands on the manage page with the payment pending and a
// Pay link (docs/decisions.md "Payments"). Screenshots land in apps/platform/test-output/booking-pages/.

import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  json,
  serverGate,
  startStripeMock,
  startStripeStandIn,
  stripeMockMissing,
  type StripeMockServer,
  type StripeStandIn,
} from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { chooseDay, chooseSlot, isoDateIn, launchBrowser, openPage, shot } from './browser-fixture.js';
import { dashboard, platformStores, type PlatformStores } from './dashboard-fixture.js';
import { startTestPlatform } from './platform-fixture.js';

const run = serverGate('Chromium', chromiumMissing()) && serverGate('stripe-mock', stripeMockMissing());
const BERLIN = 'Europe/Berlin';
const STRIPE_KEY = 'sk_test_51PaymentsPagesStandard7Kq2Wz';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let stores: PlatformStores;
let owner: ReturnType<typeof dashboard>;
let tenantId = '';
let browser: Browser;
let stripeMock: StripeMockServer | null = null;
let stripe: StripeStandIn;

beforeAll(async () => {
  if (!run) return;
  stripeMock = await startStripeMock();
  stripe = await startStripeStandIn({ validateWith: stripeMock.url });
  stripe.addKey(STRIPE_KEY, { displayName: 'Praxis Weber' });
  // The poller waits long: what confirms the booking here is the customer's way back.
  platform = await startTestPlatform({ STRIPE_API_URL: stripe.url, PAYMENT_POLL_MS: 600_000 });
  stores = await platformStores(platform);
  const seeded = await seedTenant(platform.services.catalog.address, 'paycare');
  tenantId = seeded.tenantId;
  owner = dashboard(platform.url, await stores.session(tenantId, 'tenant_owner'));
  expect((await owner('PUT', '/api/payments/account', { secretKey: STRIPE_KEY })).status).toBe(200);
  const service = await owner('POST', '/api/services', {
    slug: 'deposit-cut',
    name: 'Deposit cut',
    durationMin: 30,
    priceAmount: 4_000,
    priceCurrency: 'EUR',
    payment: 'deposit',
    depositAmount: 1_000,
    refundAfterCutoffPercent: 50,
    cancelCutoffMin: 1_440,
    staffIds: [seeded.staffId],
  });
  expect(service.status, JSON.stringify(await service.clone().json())).toBe(201);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stores?.close();
  await platform?.cleanup();
  await stripe?.close();
  await stripeMock?.stop();
});

/** What a visitor reads in `selector`, spaces (the no-break ones of `10,00 €` too) as plain spaces. */
const shown = async (page: Page, selector: string) =>
  (await page.$eval(selector, (el) => (el as HTMLElement).innerText)).replace(/\s+/g, ' ').trim();

/** Books the deposit service at `start` on the booking page and waits for the checkout page. */
async function bookAndGoToCheckout(page: Page, start: number, email: string): Promise<void> {
  await page.goto(`${platform.url}/book/paycare?service=deposit-cut`, { waitUntil: 'networkidle0' });
  await chooseDay(page, isoDateIn(start, BERLIN));
  await chooseSlot(page, start);
  await page.type('#name', 'Paula Payer');
  await page.type('#email', email);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#submit')]);
  expect(page.url()).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
}

/** The tenant's booking at `start`, as the dashboard reads it. */
async function bookingAt(start: number) {
  const res = await owner('GET', `/api/bookings?fromMs=${start}&toMs=${start + 1}`);
  const [found] = (await json(res)).data.items;
  return (await json(await owner('GET', `/api/bookings/${found.bookingId}`))).data;
}

describe.skipIf(!run)('a paid booking through the pages in Chromium', { timeout: 120_000 }, () => {
  it('states the terms, pays on the checkout page, and comes back to a confirmed, paid booking', async () => {
    const { page, problems } = await openPage(browser, BERLIN);
    const start = berlinTime(3, 10);

    await page.goto(`${platform.url}/book/paycare?service=deposit-cut`, { waitUntil: 'networkidle0' });
    // Before booking: the amount due now, the hold, the refund policy (the tenant's locale, de).
    const terms = await shown(page, '.payment-terms');
    expect(terms).toContain('Due now: a deposit of 10,00 € (of the 40,00 € price).');
    expect(terms).toContain('the time is held for you for 10 minutes');
    expect(terms).toContain(
      'A cancellation up to 1 day before the start is refunded in full; after that, 50% of the payment is refunded.',
    );
    await shot(page, 'pay-01-terms');

    await bookAndGoToCheckout(page, start, 'paula@example.test');
    // The stand-in's checkout: the deposit, in the business's name.
    expect(await shown(page, 'h1')).toBe('Pay Praxis Weber');
    expect(await shown(page, '[data-testid="amount"]')).toMatch(/10\.00/);
    const held = await bookingAt(start);
    expect(held).toMatchObject({ status: 'held', payment: { state: 'awaiting', amountDue: 1_000 } });
    await shot(page, 'pay-02-checkout');

    // Pay: the stand-in sends the browser to the success URL, our /pay/…, which sends it on to the manage page.
    const hops: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 303) hops.push(new URL(res.url()).pathname.replace(/[^/]+$/, '{key}'));
    });
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('form button[type="submit"]'),
    ]);
    expect(page.url()).toMatch(new RegExp(`^${platform.url}/booking/manage/svc_m1\\.`));
    expect(hops).toContain(`/pay/${tenantId}/{key}`);

    expect(await shown(page, '#booking-status')).toBe('Confirmed');
    expect(await shown(page, '#payment-state')).toBe(
      'Paid: 10,00 € (a deposit of the 40,00 € price), by card on Stripe.',
    );
    expect(await shown(page, '#payment-records')).toMatch(/paid 10,00 € by card\.$/);
    expect(await page.$('#pay-link')).toBeNull();
    // Two days before the cut-off: a cancel now gives all of it back.
    expect(await shown(page, '#cancel-refund')).toBe('Cancelling now refunds all you paid, 10,00 €, to your card.');
    await shot(page, 'pay-03-manage-paid');

    const paid = await bookingAt(start);
    expect(paid).toMatchObject({ status: 'confirmed', payment: { state: 'paid', netPaid: 1_000, checkoutUrl: null } });
    expect(paid.payment.records).toEqual([
      expect.objectContaining({ kind: 'charge', amount: 1_000, currency: 'EUR', status: 'succeeded', actor: 'system' }),
    ]);
    expect(paid.payment.records[0].providerId).toMatch(/^pi_/);
    // Every API request the platform sent was a valid Stripe request (the browser's own
    // /favicon.ico on the hosted page is no API request).
    expect(stripe.rejections().filter((r) => r.path.startsWith('/v1/'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a customer who leaves the checkout without paying lands on the manage page with the payment pending', async () => {
    const { page, problems } = await openPage(browser, BERLIN);
    const start = berlinTime(3, 11);
    await bookAndGoToCheckout(page, start, 'leo@example.test');
    const checkoutUrl = page.url();

    // The checkout's Back link is the cancel URL: the same way back.
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('a[href*="/pay/"]')]);
    expect(page.url()).toMatch(new RegExp(`^${platform.url}/booking/manage/svc_m1\\.`));
    expect(await shown(page, '#booking-status')).toBe('Awaiting payment');
    expect(await shown(page, '#payment-state')).toMatch(
      /^Payment pending: pay 10,00 € \(a deposit of the 40,00 € price\) by \d\d:\d\d \(Europe\/Berlin\)\.$/,
    );
    expect(await page.$eval('#pay-link', (el) => (el as HTMLAnchorElement).href)).toBe(checkoutUrl);
    // Nothing paid, nothing to refund: no refund line.
    expect(await page.$('#cancel-refund')).toBeNull();
    await shot(page, 'pay-04-manage-pending');
    expect(await bookingAt(start)).toMatchObject({ status: 'held', payment: { state: 'awaiting' } });
    expect(problems).toEqual([]);
  });
});
