import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { named } from './named-plugin.js';

describe('named', () => {
  it("gives Fastify the plugin's function name, so Fastify need not search require.cache for it", async () => {
    const app = Fastify();
    const plugin = named(async function shopRoutes() {});
    expect((plugin as unknown as Record<symbol, string>)[Symbol.for('fastify.display-name')]).toBe('shopRoutes');
    await app.register(plugin);
    await app.ready();
    expect(app.printPlugins()).toContain('shopRoutes');
    await app.close();
  });

  it('keeps a name the plugin already has', () => {
    const plugin = Object.assign(async function routes() {}, { [Symbol.for('fastify.display-name')]: 'cookie' });
    expect((named(plugin) as unknown as Record<symbol, string>)[Symbol.for('fastify.display-name')]).toBe('cookie');
  });
});
