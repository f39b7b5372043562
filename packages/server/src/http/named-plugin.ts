import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

const displayName = Symbol.for('fastify.display-name');

/**
 * The plugin, named for Fastify's plugin tree by its function's name. A plugin without that name makes Fastify
 * look for it among the exports of every module in `require.cache`, twice per registration; ES modules are never
 * there, so the search always ends at the function's name anyway. In a process that has loaded many modules (a
 * test worker starts hundreds of servers) the search was 2 % of the CPU (docs/testing.md).
 */
export function named<T extends FastifyPluginAsync<never> | FastifyPluginCallback<never>>(plugin: T): T {
  const marked = plugin as T & { [displayName]?: string };
  marked[displayName] ??= plugin.name;
  return plugin;
}
