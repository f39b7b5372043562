import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/caller.js';
import { clientIp } from '../security/client-ip.js';

/** Where an identity request comes from, for its audit events: the address, and the client when a token names one. */
export function originOf(request: FastifyRequest, caller: Caller): { ip: string; clientId: string | undefined } {
  const clientId = 'clientId' in caller && typeof caller.clientId === 'string' ? caller.clientId : undefined;
  return { ip: clientIp(request), clientId };
}
