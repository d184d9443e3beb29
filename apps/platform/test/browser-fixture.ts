// The page callbacks of puppeteer run in the browser.
/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '@svc/testing';

/** Screenshots and downloads of the browser tests (gitignored). */
export const OUTPUT_DIR = fileURLToPath(new URL('../test-output/booking-pages/', import.meta.url));

/** Debian's Chromium, headless, driven over CDP by puppeteer-core (no browser download). */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return puppeteer.launch({ executablePath: chromiumPath()!, headless: true, args: chromiumArgs() });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests: a CSP violation lands here too. */
  problems: string[];
  /** Answers of 400 and over, as `status path` (the API's refusals the page explains). */
  refusals: string[];
}

/** A page in the visitor's `timeZone`, with everything that goes wrong in it collected. */
export async function openPage(browser: Browser, timeZone: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 900 });
  await page.emulateTimezone(timeZone);
  const problems: string[] = [];
  const refusals: string[] = [];
  page.on('console', (msg) => {
    // "Failed to load resource" repeats an answer of 400 and over: refusals has it.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) refusals.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  page.on('pageerror', (err) => problems.push(`page: ${String(err)}`));
  page.on('requestfailed', (req) => {
    // A download is handed to the browser, not loaded into the page.
    if (!req.url().endsWith('/ics')) problems.push(`request: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { page, problems, refusals };
}

/** A full-page screenshot into OUTPUT_DIR. */
export async function shot(page: Page, name: string): Promise<string> {
  const path = join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The month the picker's month view shows (`YYYY-MM`), once it has loaded. */
export async function shownMonth(page: Page): Promise<string> {
  await page.waitForSelector('#month-grid[aria-busy="false"]');
  return page.$eval('#month-grid', (el) => (el as HTMLElement).dataset.month ?? '');
}

/** Shows `month` (`YYYY-MM`) with the month view's previous/next buttons, as a visitor does. */
export async function showMonth(page: Page, month: string): Promise<void> {
  for (;;) {
    const shown = await shownMonth(page);
    if (shown === month) return;
    const button = shown < month ? '#month-next' : '#month-prev';
    if (await page.$eval(button, (el) => el.getAttribute('aria-disabled') === 'true')) {
      throw new Error(`the month view cannot go from ${shown} to ${month}`);
    }
    await page.click(button);
    await page.waitForFunction((m) => document.getElementById('month-grid')?.dataset.month !== m, {}, shown);
  }
}

/** The days the month view offers (enabled, marked), in order. */
export async function offeredDays(page: Page): Promise<string[]> {
  await shownMonth(page);
  return page.$$eval('#month-grid button[data-date]:not([aria-disabled])', (els) =>
    els.map((el) => (el as HTMLElement).dataset.date!),
  );
}

/** The day selected in the month view, if any. */
export async function selectedDay(page: Page): Promise<string | undefined> {
  await shownMonth(page);
  return page.$eval(
    '#month-grid',
    (grid) => grid.querySelector<HTMLElement>('td[aria-selected="true"] button')?.dataset.date,
  );
}

/** Chooses the day `isoDate` in the month view (going to its month first); it must have free times. */
export async function chooseDay(page: Page, isoDate: string): Promise<void> {
  await showMonth(page, isoDate.slice(0, 7));
  const day = `#month-grid button[data-date="${isoDate}"]`;
  if (await page.$eval(day, (el) => el.getAttribute('aria-disabled') === 'true')) {
    throw new Error(`${isoDate} has no free times in the month view`);
  }
  await page.click(day);
  await page.waitForSelector(`#month-grid td[aria-selected="true"] button[data-date="${isoDate}"]`);
}

/** Waits for the slot starting at `startsAtMs` and chooses it as a visitor does (its label). */
export async function chooseSlot(page: Page, startsAtMs: number): Promise<string> {
  const input = `#slot-list input[value="${startsAtMs}"]`;
  await page.waitForSelector(input);
  const id = await page.$eval(input, (el) => el.id);
  await page.click(`label[for="${id}"]`);
  return page.$eval(`label[for="${id}"]`, (el) => el.textContent ?? '');
}

/** The slots the picker shows now (their starts), once it has stopped loading. */
export async function shownSlots(page: Page): Promise<number[]> {
  await page.waitForFunction(() => !/Loading/.test(document.getElementById('slots-status')?.textContent ?? ''));
  return page.$$eval('#slot-list input[name="slot"]', (els) => els.map((el) => Number((el as HTMLInputElement).value)));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations of impact serious or critical on the page as it is now. axe is
 * evaluated over CDP, which the page's CSP does not govern, so the page keeps its real policy.
 */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: Array<{ target: string[] }>;
    }
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact!, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/** The `YYYY-MM-DD` of an instant in a zone. */
export const isoDateIn = (ms: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
