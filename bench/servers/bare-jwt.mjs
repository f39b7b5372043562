// Baseline: a bare node:http route (no framework) that reads a small JSON body, signs one ES256 JWT
// with node:crypto — same header and claim set as Vitrine's access tokens — and answers JSON.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createServer } from 'node:http';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const kid = randomUUID();
const headerSegment = Buffer.from(JSON.stringify({ alg: 'ES256', kid, typ: 'at+jwt' })).toString('base64url');
const ISS = 'http://127.0.0.1:8080';

function signJwt(clientId) {
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    iss: ISS,
    sub: randomUUID(),
    aud: clientId,
    client_id: clientId,
    site: 'bench',
    role: 'visitor',
    iat,
    exp: iat + 14_400,
    jti: randomUUID(),
  };
  const input = `${headerSegment}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/token') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const payload = JSON.stringify({
      access_token: signJwt(String(body.clientId ?? 'bench-client')),
      expires_in: 14_400,
      token_type: 'Bearer',
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(payload);
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_READY ${JSON.stringify({ port: server.address().port })}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
