// A stand-in for Google's token-signing key endpoint, for the end-to-end run only (loopback, test keys
// made at start). The app under test fetches the public keys from /jwks.json; the test fetches the
// private key from /test-private-key to sign ID tokens, which the app then verifies like Google's.
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';

const port = Number(process.env.PORT ?? 5056);
const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
const kid = 'steadfast-e2e-key';
const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };

http
  .createServer((req, res) => {
    const body = req.url === '/jwks.json' ? { keys: [publicJwk] } : req.url === '/test-private-key' ? privateJwk : null;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=3600' });
    res.end(JSON.stringify(body ?? { message: 'Not found.' }));
  })
  .listen(port, '127.0.0.1');
