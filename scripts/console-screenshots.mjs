// README screenshots of the owner console.
//
//   node scripts/console-screenshots.mjs            every page
//   node scripts/console-screenshots.mjs catalog    the catalog editor only (a data grid, the brass pen, media library)
//
// Builds the console when `apps/console/dist/index.html` is missing, starts `vitrine serve` on :8096
// with a fresh data folder, invites an owner through the admin API and sets their password, registers a
// few members, a few orders through the eCom wire (one fulfilled, one paid) and adds a webhook endpoint (to an address nobody
// answers, so its deliveries wait), then drives headless Chromium (playwright-core) through Overview,
// the Shop's Orders, an order, the product editor with its variant grid, Members, a member page, Mail, Webhooks and Settings (an owner's, and an editor's read-only one) at
// desktop (1280×800) and phone (390×844) sizes, writing `docs/screenshots/console-*.png` as palette PNGs (sharp, the
// server's image library: a third of the size of Chromium's PNGs, no visible difference on an interface).
// The server child is killed on every exit path.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const sharp = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../packages/server/package.json'))('sharp');

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 8096);
const ONLY_CATALOG = process.argv[2] === 'catalog';
const BASE = `http://localhost:${PORT}`;
const OUT = join(root, 'docs/screenshots');
const ADMIN_KEY = 'console-screenshots-admin-key-0123456789';
const OWNER = { email: 'owner@shop.example', password: 'a long owner password' };
const EDITOR = { email: 'editor@shop.example', password: 'a long editor password' };
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let server;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-console-shots-'));
function cleanUp() {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

async function call(method, path, body, headers = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function seedOwner({ email, password }, role) {
  const { setupUrl } = await call('POST', '/_admin/v1/owners', { email, role });
  await call(
    'POST',
    '/_admin/v1/console/setup',
    { token: new URL(setupUrl).searchParams.get('token'), password },
    { authorization: '' },
  );
}

/** Chromium's screenshot, written as a palette PNG. */
async function save(page, name, options = {}) {
  const path = join(OUT, `console-${name}.png`);
  await sharp(await page.screenshot(options))
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toFile(path);
  console.log(`• console-${name}.png`);
}

async function signIn(browser, size, { email, password }) {
  const page = await browser.newPage({ viewport: SIZES[size] });
  await page.goto(`${BASE}/console/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  return page;
}

async function seed() {
  for (const name of ['ada', 'grace', 'linus', 'margaret', 'ken']) {
    const { access_token } = await call(
      'POST',
      '/oauth2/token',
      { clientId: 'demo-storefront', grantType: 'anonymous' },
      { authorization: '' },
    );
    await call(
      'POST',
      '/_api/iam/authentication/v2/register',
      {
        loginId: { email: `${name}@example.com` },
        password: 'correct horse battery',
        profile: { firstName: name[0].toUpperCase() + name.slice(1) },
      },
      { authorization: access_token },
    );
  }
  const { orderId, orderNumber } = await seedOrders();
  await call('POST', '/_admin/v1/members/block', { siteId: 'demo', email: 'ken@example.com' });
  // A name under .example resolves nowhere, so the deliveries wait (the SSRF guard refuses a loopback address);
  // should the endpoint be refused anyway, the webhook page is left out rather than the whole run.
  const webhook = await call('POST', '/_admin/v1/webhooks', {
    siteId: 'demo',
    url: 'https://crm.shop.example/hooks',
    events: ['member.*', 'order.created'],
    description: 'CRM sync',
  }).then(
    (r) => r.webhook,
    (error) => console.log(`webhook page left out: ${error.message.slice(0, 120)}`),
  );
  if (webhook) await call('POST', `/_admin/v1/webhooks/${webhook.id}/test`, { siteId: 'demo' });
  return { webhookId: webhook?.id, orderId, orderNumber, productId: await woolThrowId() };
}

/**
 * Orders placed as shoppers place them, through the commerce module's eCom wire (a visitor's cart, checkout and
 * order), then moved on by the owner's admin API: one fulfilled, two paid, one awaiting payment.
 */
async function seedOrders() {
  const { products } = await call('GET', '/_admin/v1/commerce/products?siteId=demo&limit=4');
  const variants = [];
  for (const row of products) {
    const { product } = await call('GET', `/_admin/v1/commerce/products/${row.id}?siteId=demo`);
    const variant = product.variants.find((v) => !v.trackStock || v.stock > 3);
    if (variant) variants.push({ productId: product.id, variantId: variant.id });
  }
  const status = (id, body) => call('POST', `/_admin/v1/commerce/orders/${id}/status`, { siteId: 'demo', ...body });
  const placed = [];
  for (let i = 0; i < 4; i++) {
    const { access_token: token } = await call(
      'POST',
      '/oauth2/token',
      { clientId: 'demo-storefront', grantType: 'anonymous' },
      { authorization: '' },
    );
    const shopper = { authorization: token };
    const lineItems = variants.slice(0, 1 + (i % 3)).map((v, j) => ({
      catalogReference: { catalogItemId: v.productId, options: { variantId: v.variantId } },
      quantity: j + 1,
    }));
    await call('POST', '/ecom/v1/carts/current/add-to-cart', { lineItems }, shopper);
    const { checkoutId } = await call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { channelType: 'WEB' },
      shopper,
    );
    await call(
      'PATCH',
      `/ecom/v1/checkouts/${checkoutId}`,
      {
        checkout: {
          buyerInfo: { email: ['ada', 'grace', 'linus', 'margaret'][i] + '@example.com' },
          shippingInfo: {
            shippingDestination: {
              address: { addressLine: `${i + 1} Rue de la Paix`, city: 'Paris', postalCode: '75002', country: 'FR' },
              contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
            },
          },
        },
        ...(i === 2 ? { couponCode: 'WELCOME10' } : {}),
      },
      shopper,
    );
    const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {}, shopper);
    placed.push(orderId);
    // Paid as they come (a network address may hold 3 unpaid orders); the last one waits for payment.
    if (i < 3) await status(orderId, { status: 'PAID' });
  }
  // The shown order: three lines and the demo's code, fulfilled.
  await status(placed[2], { status: 'FULFILLED', note: 'Sent with La Poste, tracking 6A12345678901' });
  const { order } = await call('GET', `/_admin/v1/commerce/orders/${placed[2]}?siteId=demo`);
  return { orderId: order.id, orderNumber: order.number };
}

/** The wool throw's id: two options whose variants are priced differently, for the product editor's shot. */
async function woolThrowId() {
  const { products } = await call('GET', '/_admin/v1/commerce/products?siteId=demo&search=wool-throw');
  return products[0].id;
}

/**
 * The catalog editor's data: an uploaded picture and rich text on the brass pen, through the Shop's admin API (the
 * commerce module's catalog, issue #50). Answers the pen's id, whose editor is shot.
 */
async function seedCatalog() {
  const upload = await fetch(`${BASE}/_admin/v1/media?siteId=demo&name=brass-pen.png`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'image/png' },
    body: readFileSync(join(OUT, 'product-desktop.png')),
  });
  const { media } = await upload.json();
  await call('PUT', `/_admin/v1/media/${media.id}/alt`, {
    siteId: 'demo',
    alt: { en: 'The product page of the brass pen', fr: 'La page du stylo en laiton' },
  });
  const { products } = await call('GET', '/_admin/v1/commerce/products?siteId=demo&search=brass-pen');
  const { product } = await call('GET', `/_admin/v1/commerce/products/${products[0].id}?siteId=demo`);
  const { id, createdDate: _c, updatedDate: _u, ...input } = product;
  await call('PUT', `/_admin/v1/commerce/products/${id}`, {
    siteId: 'demo',
    product: {
      ...input,
      media: [
        {
          id: media.id,
          url: media.url,
          width: media.width ?? 0,
          height: media.height ?? 0,
          altText: 'The product page of the brass pen',
        },
        ...input.media,
      ],
      description:
        '<p>A heavy pen that <strong>patinas</strong> with use.</p><ul><li>Solid brass</li><li>Refillable</li></ul>',
    },
  });
  return id;
}

/** A data collection's grid (the information pages), the brass pen in the Shop's product editor, the media library. */
async function shootCatalog(page, size, penId) {
  const pages = [
    ['collection', '/console/collections/Pages', 'Pages'],
    ['item', `/console/shop/products/${penId}`, 'Solid Brass Pen'],
    ['media', '/console/media', 'Media'],
  ];
  for (const [name, path, heading] of pages) {
    await page.goto(`${BASE}${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await save(page, `${name}-${size}`, { fullPage: true });
  }
}

async function shoot(browser, size, { webhookId, orderId, orderNumber, productId } = {}, penId) {
  const page = await signIn(browser, size, OWNER);
  await shootCatalog(page, size, penId);
  if (ONLY_CATALOG) return page.close();
  const pages = [
    ['overview', '/console', 'Overview'],
    ['orders', '/console/shop/orders', 'Orders'],
    ['order', `/console/shop/orders/${orderId}`, `Order ${orderNumber}`],
    ['product', `/console/shop/products/${productId}`, 'Merino Wool Throw'],
    ['members', '/console/members', 'Members'],
    ['mail', '/console/mail', 'Mail'],
    ...(webhookId ? [['webhook', `/console/webhooks/${webhookId}`, 'https://crm.shop.example/hooks']] : []),
  ];
  for (const [name, path, heading] of pages) {
    await page.goto(`${BASE}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    await save(page, `${name}-${size}`, { fullPage: size === 'desktop' });
  }
  // Settings: a group's page (Sign-up and sign-in); the desktop shot ends under its first form.
  await page.goto(`${BASE}/console/settings/sign-in`);
  const rules = page.getByRole('form', { name: 'Sign-up and sign-in' });
  await rules.waitFor();
  await page.waitForLoadState('networkidle');
  const box = await rules.boundingBox();
  await save(
    page,
    `settings-${size}`,
    size === 'desktop' ? { fullPage: true, clip: { x: 0, y: 0, width: 1280, height: box.y + box.height + 24 } } : {},
  );
  await page.getByRole('link', { name: 'Members' }).first().click();
  await page.getByRole('link', { name: 'ada@example.com' }).click();
  await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
  await save(page, `member-${size}`, { fullPage: size === 'desktop' });
  await page.close();

  // An editor's Settings: read-only, and the page says so first.
  const editor = await signIn(browser, size, EDITOR);
  await editor.goto(`${BASE}/console/settings/sign-in`);
  const note = editor.getByRole('note');
  await note.waitFor();
  await editor.waitForLoadState('networkidle');
  await note.evaluate((h) => h.scrollIntoView({ block: 'start' }));
  await save(editor, `settings-editor-${size}`);
  await editor.close();
}

if (!existsSync(join(root, 'apps/console/dist/index.html'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@vitrine/console'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
mkdirSync(OUT, { recursive: true });
server = spawn(
  process.execPath,
  [join(root, 'packages/server/bin/vitrine.js'), 'serve', '--port', String(PORT), '--data-dir', dataDir],
  {
    cwd: root,
    env: {
      ...process.env,
      VITRINE_ADMIN_KEY: ADMIN_KEY,
      PUBLIC_URL: BASE,
      NODE_ENV: 'development',
      VITRINE_CONFIG: '',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  },
);
for (let i = 0; ; i++) {
  if (
    await fetch(`${BASE}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 720) throw new Error('the server did not start in 3 minutes');
  await new Promise((r) => setTimeout(r, 250));
}
await seedOwner(OWNER, 'owner');
await seedOwner(EDITOR, 'editor');
const penId = await seedCatalog();
const seeded = ONLY_CATALOG ? {} : await seed();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const size of Object.keys(SIZES)) await shoot(browser, size, seeded, penId);
} finally {
  await browser.close();
}
process.exit(0);
