/**
 * The top of the server, for tests below it. A test may import its own layer and the layers under it
 * (.dependency-cruiser.cjs, packages/server/README.md "Layers") and test-support, which may reach anything: a
 * test that builds the whole app, loads a config file or runs a command gets those here.
 */
export { createApp, type VitrineApp } from '../src/app.js';
export { ConfigError, loadConfig } from '../src/config-files/index.js';
export { main, startServer } from '../src/cli.js';
export { runKeyCommand } from '../src/cli-keys.js';
export { addOwnerCommand, firstStartInvite } from '../src/cli-owners.js';
