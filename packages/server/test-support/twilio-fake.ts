import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the shapes of Twilio's REST API 2010-04-01 (Twilio itself cannot run here):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json, form-encoded, HTTP Basic auth with
 * the Account SID and auth token. It checks what Twilio checks first (auth, required fields) and answers
 * 201 with a resource, or Twilio's error body `{code, message, more_info, status}`.
 */
export interface TwilioRequest {
  resource: 'Messages' | 'Calls';
  fields: Record<string, string>;
}

export interface TwilioFake {
  url: string;
  requests: TwilioRequest[];
  /** Numbers (To, without "whatsapp:") the fake refuses like an unreachable handset (error 21610). */
  refuse: Set<string>;
  close(): Promise<void>;
}

export async function startTwilioFake(accountSid: string, authToken: string): Promise<TwilioFake> {
  const fake = { requests: [] as TwilioRequest[], refuse: new Set<string>() } as TwilioFake;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: Record<string, unknown>) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return error(404, 20404, 'The requested resource was not found');
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || match[1] !== accountSid) return error(401, 20003, 'Authenticate');
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        return error(400, 20001, 'Form-encoded body required');
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const resource = match[2] as 'Messages' | 'Calls';
      fake.requests.push({ resource, fields });
      if (!fields.To) return error(400, 21604, "A 'To' phone number is required.");
      if (fake.refuse.has(fields.To.replace(/^whatsapp:/, '')))
        return error(400, 21610, 'Attempt to send to unsubscribed recipient');
      if (resource === 'Messages') {
        if (!fields.From && !fields.MessagingServiceSid)
          return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
        if (!fields.Body) return error(400, 21602, 'Message body is required.');
        return answer(201, { sid: `SM${'0'.repeat(32)}`, status: 'queued', to: fields.To, from: fields.From ?? null });
      }
      if (!fields.From) return error(400, 21213, "A 'From' phone number is required.");
      if (!fields.Url && !fields.Twiml) return error(400, 21205, 'Url or Twiml parameter is required');
      return answer(201, { sid: `CA${'0'.repeat(32)}`, status: 'queued', to: fields.To, from: fields.From });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
