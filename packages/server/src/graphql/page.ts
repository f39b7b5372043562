/**
 * The development query page at `/graphql`: a text box, a variables box and a Run button posting to
 * `/graphql/alpha` with the token you paste. Served by us with a strict CSP (one nonce, nothing from a CDN):
 * GraphiQL would have to be bundled or loaded from a CDN, and mercurius's built-in GraphiQL loads from one.
 */
import { page, newNonce, pageHeaders } from '../hosted/layout.js';
import type { FastifyReply } from 'fastify';

const EXAMPLE = `{
  me { id loginEmail }
  products(filter: {price: {$gte: 20}}, sort: [{fieldName: "price"}], limit: 5) {
    totalCount
    items { _id title price category { name } }
  }
}`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
$('run').addEventListener('click', async () => {
  $('out').textContent = '…';
  let variables;
  try { variables = $('vars').value.trim() ? JSON.parse($('vars').value) : undefined; } catch (e) { $('out').textContent = 'Variables: ' + e.message; return; }
  const headers = { 'content-type': 'application/json' };
  if ($('auth').value.trim()) headers.authorization = $('auth').value.trim();
  const res = await fetch('/graphql/alpha', { method: 'POST', headers, body: JSON.stringify({ query: $('query').value, variables }) });
  $('out').textContent = res.status + '\\n' + JSON.stringify(await res.json(), null, 2);
});`;

export function sendQueryPage(reply: FastifyReply, siteName: string): FastifyReply {
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  const content = `<p>Development only. Schema: ask <code>{ __schema { types { name } } }</code>.</p>
<label for="auth">Authorization (access token or API key, optional)</label><input id="auth" autocomplete="off">
<label for="query">Query</label><textarea id="query" rows="12">${EXAMPLE}</textarea>
<label for="vars">Variables (JSON, optional)</label><textarea id="vars" rows="3"></textarea>
<button id="run" type="button">Run</button><pre id="out"></pre>`;
  return reply.type('text/html; charset=utf-8').send(page(nonce, siteName, 'GraphQL', content, SCRIPT));
}
