// `npm run bench:lighthouse`: Lighthouse (the `lighthouse` package, pinned to 12.2.3 for Node 20) on the demo shop,
// with Debian's Chromium launched by chrome-launcher, Lighthouse's default mobile settings (emulated phone,
// simulated slow 4G and 4× CPU slowdown), against the catalog, a product page, the cart and an information page.
// Prints a markdown table of Performance, Accessibility, Best Practices and SEO (the median of LIGHTHOUSE_RUNS runs, default 3)
// and every audit below full marks in the last three, for bench/RESULTS.md.
//
// Environment: LIGHTHOUSE_RUNS, LIGHTHOUSE_PORT (default 8096), LIGHTHOUSE_OUT (folder for the JSON reports),
// CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_PAGES (comma-separated names: catalog,product,cart,information).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { log } from './lib/harness.mjs';
import { machineNotes } from './lib/report.mjs';
import { CHROMIUM, median, startShop } from './lib/shop-server.mjs';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8096);
const OUT = process.env.LIGHTHOUSE_OUT;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const PAGES = [
  { name: 'catalog', path: '/' },
  { name: 'product', path: '/products/stoneware-mug' },
  { name: 'cart', path: '/cart' },
  { name: 'information', path: '/pages/delivery-and-returns' },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.name));

const notes = machineNotes();
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} — ${notes.date}`,
);
console.log(`  ${notes.nproc} CPUs (${notes.cpu}), Node ${notes.node}, load average ${notes.loadavg}`);

const shop = await startShop(PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions'],
});
const rows = [];
const findings = new Map();
try {
  for (const page of PAGES) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    for (let run = 1; run <= RUNS; run++) {
      log(`${page.name} ${run}/${RUNS}`);
      // Each run starts on a fresh page with Lighthouse's own storage reset: a cold, first visit.
      const result = await lighthouse(`${shop.base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
      if (OUT) {
        mkdirSync(OUT, { recursive: true });
        writeFileSync(join(OUT, `${page.name}-${run}.json`), result.report);
      }
      for (const c of CATEGORIES.slice(1))
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            findings.set(`${page.name} · ${c} · ${ref.id}`, audit.title);
        }
    }
    rows.push({ page, scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])), all: scores });
  }
} finally {
  await chrome.kill();
  await shop.stop();
}

console.log(
  `\nLighthouse ${notes.date.slice(0, 10)}, mobile, median of ${RUNS}; load average ${notes.loadavg} → ${machineNotes().loadavg}\n`,
);
console.log('| Page | Performance | Accessibility | Best Practices | SEO |');
console.log('|---|---|---|---|---|');
for (const { page, scores, all } of rows) {
  const cell = (c) => `${scores[c]}${RUNS > 1 ? ` (${all[c].join(', ')})` : ''}`;
  console.log(`| ${page.name} \`${page.path}\` | ${CATEGORIES.map(cell).join(' | ')} |`);
}
console.log(`\nAudits below full marks (Accessibility, Best Practices, SEO):`);
if (findings.size === 0) console.log('  none');
for (const [key, title] of findings) console.log(`  ${key}: ${title}`);
