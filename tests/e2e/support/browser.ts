import { chromium, type Browser } from 'playwright-core';

/**
 * Headless Debian Chromium for the browser suites. The network flags matter here: without them
 * Chromium keeps dialling Google's hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
