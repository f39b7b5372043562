/**
 * What a hosted page reads from its request: the query string and the posted form, as plain objects
 * whose values are untrusted (`unknown`). Page routes declare no query or body schema on purpose: a bad
 * link or a tampered form answers with a page (an invalid-link page, the form again with a message),
 * never a JSON validation error, so each page checks the fields it reads where it reads them.
 */
import type { FastifyRequest } from 'fastify';

export type PageInput = Readonly<Record<string, unknown>>;

const asObject = (value: unknown): PageInput =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as PageInput) : {};

/** The page's query string (`?redirectSessionId=…&lang=…`). */
export const pageQuery = (request: FastifyRequest): PageInput => asObject(request.query);

/** The posted form (urlencoded, parsed to an object by http/install.ts). */
export const pageForm = (request: FastifyRequest): PageInput => asObject(request.body);
