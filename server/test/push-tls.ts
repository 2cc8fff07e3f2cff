import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1, made once per test run before the workers start, which the
 * workers trust through NODE_EXTRA_CA_CERTS (web-push always sends over https.request, so a push endpoint
 * in a test must be a real HTTPS server the app trusts, as production trusts a push service).
 */
export function makePushTestCertificate(): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-push-tls-'));
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  process.env.NODE_EXTRA_CA_CERTS = cert;
  process.env.PUSH_TEST_TLS_KEY = key;
  process.env.PUSH_TEST_TLS_CERT = cert;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
