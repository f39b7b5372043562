// `npm run bench:cold-product`: first contentful paint and largest contentful paint of a product page opened
// cold — a new browser context each run (empty HTTP cache, no storage, no service worker) — on the demo shop
// served on localhost, in headless Chromium (playwright-core, /usr/bin/chromium) at 390×844, no throttling.
// The times come from the page's own PerformanceObserver ('paint' and 'largest-contentful-paint', buffered),
// from navigation start. One visit first warms the server (not the browser) and is not counted; then the
// median, minimum and maximum of COLD_RUNS runs (default 9).
//
// Environment: COLD_RUNS, COLD_PORT (default 8097), COLD_PATH (default /products/stoneware-mug), CHROMIUM_PATH.
import { chromium } from 'playwright-core';
import { log } from './lib/harness.mjs';
import { machineNotes } from './lib/report.mjs';
import { CHROMIUM, median, startShop } from './lib/shop-server.mjs';

const RUNS = Math.max(1, Number(process.env.COLD_RUNS ?? 9) || 9);
const PORT = Number(process.env.COLD_PORT ?? 8097);
const PATH = process.env.COLD_PATH ?? '/products/stoneware-mug';

function observe() {
  const paint = {};
  globalThis.__vitrinePaint = paint;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') paint.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    if (last) {
      paint.lcp = last.startTime;
      paint.lcpElement = last.element ? last.element.tagName.toLowerCase() : (last.url ?? '');
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function visit(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe);
    await page.goto(url, { waitUntil: 'load' });
    // The product page is done when its heading and its buy button are there (client-rendered today).
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(300);
    const paint = await page.evaluate(() => globalThis.__vitrinePaint);
    const ttfb = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.responseStart ?? NaN);
    if (paint?.fcp === undefined || paint?.lcp === undefined)
      throw new Error(`no paint entries: ${JSON.stringify(paint)}`);
    return { ...paint, ttfb };
  } finally {
    await context.close();
  }
}

const notes = machineNotes();
console.log(`Cold product page — ${notes.date}`);
console.log(`  ${notes.nproc} CPUs (${notes.cpu}), Node ${notes.node}, load average ${notes.loadavg}`);
const shop = await startShop(PORT);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const runs = [];
try {
  await visit(browser, `${shop.base}${PATH}`);
  for (let i = 1; i <= RUNS; i++) {
    const r = await visit(browser, `${shop.base}${PATH}`);
    log(
      `run ${i}/${RUNS}: FCP ${r.fcp.toFixed(0)} ms, LCP ${r.lcp.toFixed(0)} ms (${r.lcpElement}), TTFB ${r.ttfb.toFixed(0)} ms`,
    );
    runs.push(r);
  }
} finally {
  await browser.close();
  await shop.stop();
}
const load = machineNotes().loadavg;
const stat = (key) => {
  const values = runs.map((r) => r[key]);
  return `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
};
const elements = [...new Set(runs.map((r) => r.lcpElement))].join(', ');
console.log(`\nCold ${PATH}, ${notes.date.slice(0, 10)}, ${RUNS} runs, load average ${notes.loadavg} → ${load}\n`);
console.log('| | median (min–max) |');
console.log('|---|---|');
console.log(`| First contentful paint | ${stat('fcp')} |`);
console.log(`| Largest contentful paint | ${stat('lcp')} (element: ${elements}) |`);
console.log(`| Time to first byte | ${stat('ttfb')} |`);
