// README screenshots of the storefront, and two measurements of it.
//
//   node scripts/screenshots.mjs
//
// Builds the storefront when `apps/storefront/dist/index.html` is missing, starts `vitrine serve` on
// :8095 with a fresh data folder, drives headless Chromium (playwright-core) through the catalog,
// a product page, an information page, a cart with 2 items, the account page of a newly created (and verified)
// member and that member's checkout (address and delivery, review, confirmation), at desktop (1280×800) and phone (390×844) sizes, and writes `docs/screenshots/*.png`.
// It prints:
//   - the first-load JavaScript: every script response of a cold first visit of `/`, gzipped here
//     with node:zlib (level 9, as scripts/size.mjs; level 6 shown too), summed;
//   - the warm paint time: navigation start → first product card visible (in the page's own
//     clock), median of 5 reloads after a first visit has filled the HTTP cache.
// The server child is killed on every exit path.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const PORT = 8095;
const BASE = `http://localhost:${PORT}`;
const OUT = join(root, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};
const PASSWORD = 'a long enough password';
const log = (...args) => console.log(...args);

// ---------------------------------------------------------------------------------------------
// Server child: started once, killed on every way out (normal end, error, signal).

let server;
let dataDir;

function killServer() {
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      server.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  if (dataDir) {
    try {
      rmSync(dataDir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
    dataDir = undefined;
  }
}

process.on('exit', killServer);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killServer();
    process.exit(130);
  });
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return killServer();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  killServer();
}

async function healthy() {
  try {
    const response = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status == 200;
  } catch {
    return false;
  }
}

async function startServer() {
  if (await healthy()) throw new Error(`something already answers on ${BASE}/healthz; stop it first`);
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-screenshots-'));
  server = spawn(
    process.execPath,
    [join(root, 'packages/server/bin/vitrine.js'), 'serve', '--port', String(PORT), '--data-dir', dataDir],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(PORT), PUBLIC_URL: BASE, NODE_ENV: 'development' },
    },
  );
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  // A busy shared machine needs longer for PGlite's first start than a quiet one.
  const seconds = Number(process.env.SCREENSHOTS_START_SECONDS ?? 60);
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}):\n${output}`);
    if (await healthy()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET /healthz did not answer 200 within ${seconds} s:\n${output}`);
}

// ---------------------------------------------------------------------------------------------
// Page helpers.

/** Waits until every picture inside the viewport has loaded (or failed), so shots have no holes. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(
      () =>
        [...document.images]
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight && r.width > 0;
          })
          .every((img) => img.complete),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await page.evaluate(() => document.fonts?.ready);
  // No focus ring or caret left in the shot.
  await page.evaluate(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined,
  );
  await page.waitForTimeout(150);
}

async function shot(page, name, size, fullPage = false) {
  await settle(page);
  const path = join(OUT, `${name}-${size}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled', caret: 'hide' });
  log(`  ${relative(root, path)}  ${(statSync(path).size / 1024).toFixed(0)} KiB`);
}

async function codeFor(email) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = await (await fetch(`${BASE}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    const match = mail.messages?.[0] && /\b(\d{6})\b/.exec(mail.messages[0].text);
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification code was mailed to ${email}`);
}

const firstCard = (page) => page.locator('.product-card').first();
/** The header's Menu (phones): Create account, Account, Orders and Language live there. */
async function openMenu(page) {
  const menu = page.locator('.menu-button');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) != 'true') await menu.click();
}
const cartLink = (page, count) => page.getByRole('link', { name: `Cart, ${count} ${count == 1 ? 'item' : 'items'}` });

// ---------------------------------------------------------------------------------------------
// The journey, once per size.

async function journey(browser, size) {
  const viewport = SIZES[size];
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: size == 'phone',
    hasTouch: size == 'phone',
  });
  const page = await context.newPage();
  try {
    // Catalog.
    await page.goto(`${BASE}/`);
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();
    await shot(page, 'catalog', size, size == 'desktop');

    // Product page: the first product's card link.
    await firstCard(page).locator('a').first().click();
    await page.waitForURL(/\/products\//);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await page.locator('.product-page__image').waitFor();
    await shot(page, 'product', size);

    // An information page, from the footer's link.
    await page
      .getByRole('navigation', { name: 'About the shop' })
      .getByRole('link', { name: 'Delivery and returns' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Delivery and returns' }).waitFor();
    await shot(page, 'information-page', size, true);

    // Cart with 2 items: two different products from the catalog.
    await page.goto(`${BASE}/`);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Added to your cart' });
    await panel.getByRole('button', { name: 'Keep shopping' }).waitFor();
    await shot(page, 'cart-panel', size);
    await panel.getByRole('button', { name: 'Keep shopping' }).click();
    await cartLink(page, 1).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).nth(1).click();
    await panel.getByRole('button', { name: 'Keep shopping' }).click();
    await cartLink(page, 2).waitFor();
    await cartLink(page, 2).click();
    await page.waitForURL(`${BASE}/cart`);
    await page.getByRole('button', { name: 'Checkout' }).waitFor();
    await shot(page, 'cart', size);

    // Create an account, verify it with the mailed code, open Account.
    // The data folder is fresh on each run, so a readable address per size is free.
    const email = size == 'desktop' ? 'ada.lovelace@example.com' : 'ada@example.com';
    await openMenu(page);
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL(/\/create-account/);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/create-account'));
    if (new URL(page.url()).pathname == '/verify') {
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await openMenu(page);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${BASE}/account`);
    await page.getByRole('heading', { name: 'Account info' }).waitFor();
    await page.getByText(email).waitFor();
    await shot(page, 'account', size);

    // Checkout with the cart the visitor filled (it followed the new member): address, delivery, review, order.
    await cartLink(page, 2).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Street and number').fill('12 Rue des Lilas');
    await page.getByLabel('Postal code').fill('75011');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    await page.getByRole('radio', { name: /^Standard delivery/ }).check();
    await shot(page, 'checkout', size, true);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('heading', { name: 'Review your order' }).waitFor();
    await shot(page, 'review', size, true);
    // The demo pays with the dev provider: "Pay $…" on the review, then Pay on its page.
    await page.getByRole('button', { name: /^Pay \S+$/ }).click();
    await page.waitForURL(/\/_dev\/pay\//);
    await page.getByRole('button', { name: /^Pay \S+$/ }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.getByText(/^Paid: /).waitFor();
    await shot(page, 'confirmation', size, true);
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements.

/** Cold first visit of `/`: every script response (any frame), gzipped here, summed. */
async function firstLoadJs(browser) {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() != 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          raw: body.length,
          gzip9: gzipSync(body, { level: 9 }).length,
          gzip6: gzipSync(body, { level: 6 }).length,
        }),
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(`${BASE}/`);
    await firstCard(page).waitFor();
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter(Boolean);
    return files;
  } finally {
    await context.close();
  }
}

/** Warm loads: navigation start → first product card in the layout and painted (next frame). */
async function warmPaint(browser, runs = 5) {
  const context = await browser.newContext({ viewport: SIZES.desktop });
  await context.addInitScript(() => {
    const visible = () => {
      const card = document.querySelector('.product-card');
      if (!card) return false;
      const r = card.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.top < innerHeight && getComputedStyle(card).visibility != 'hidden';
    };
    const done = () => {
      const inDom = performance.now();
      // The frame that shows the card: the next animation frame, then the task after it.
      requestAnimationFrame(() =>
        setTimeout(() => (window.__firstCardPainted = { inDom, painted: performance.now() })),
      );
    };
    const observer = new MutationObserver(() => {
      if (visible()) {
        observer.disconnect();
        done();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  try {
    await page.goto(`${BASE}/`);
    await firstCard(page).waitFor();
    await page.waitForLoadState('networkidle');
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const started = Date.now();
      await page.reload();
      const result = await page
        .waitForFunction(() => window.__firstCardPainted, undefined, { timeout: 15_000 })
        .then((h) => h.jsonValue());
      await firstCard(page).waitFor();
      const wall = Date.now() - started;
      samples.push({ painted: result.painted, inDom: result.inDom, wall });
      await page.waitForLoadState('networkidle');
    }
    return samples;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(join(root, 'apps/storefront/dist/index.html'))) {
    log('• Building the storefront (apps/storefront/dist/index.html is missing)…');
    const built = spawnSync('npm', ['run', 'build', '-w', '@vitrine/storefront'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`the storefront build failed (exit ${built.status})`);
  }
  mkdirSync(OUT, { recursive: true });

  log(`• Starting vitrine serve on :${PORT}…`);
  await startServer();
  log(`  ready (data in ${dataDir})`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    log('• Measuring the first-load JavaScript (cold visit of /)…');
    const files = await firstLoadJs(browser);
    const sum = (key) => files.reduce((n, f) => n + f[key], 0);
    for (const f of files)
      log(
        `  ${new URL(f.url).pathname.padEnd(40)} ${String(f.raw).padStart(8)} B raw ${String(f.gzip9).padStart(7)} B gzip`,
      );
    const gzip9 = sum('gzip9');
    const gzip6 = sum('gzip6');

    log('• Measuring the warm paint of the catalog (5 reloads)…');
    const samples = await warmPaint(browser);
    for (const s of samples)
      log(
        `  painted ${s.painted.toFixed(0)} ms (in DOM ${s.inDom.toFixed(0)} ms; wall clock around reload() ${s.wall} ms)`,
      );

    log('• Screenshots…');
    for (const size of Object.keys(SIZES)) await journey(browser, size);

    const paint = median(samples.map((s) => s.painted));
    log('');
    log(
      `First-load JS: ${files.length} scripts, ${(gzip9 / 1024).toFixed(1)} KiB gzip (level 9; ${(gzip6 / 1024).toFixed(1)} KiB at level 6), ${(sum('raw') / 1024).toFixed(1)} KiB raw  — target ≤ 90 KB`,
    );
    log(
      `Warm paint:    ${paint.toFixed(0)} ms median of ${samples.length} reloads (navigation start → first product card painted; wall clock median ${median(samples.map((s) => s.wall)).toFixed(0)} ms)  — target ≤ 800 ms`,
    );
  } finally {
    await browser.close();
  }
}

let code = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await stopServer();
}
process.exit(code);
