// Kept so suites not yet moved to ./support/ still import from here.
export { launchChromium } from './support/browser.js';
