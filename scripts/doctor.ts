// npm run doctor: checks this environment's configuration (the settings the server would start with) and says
// what is wrong in plain words, exiting non-zero on any problem. Connects to the database and the mail server
// but changes nothing and sends nothing. See server/ops/doctor.ts.
import path from 'node:path';
import { examine } from '../server/ops/doctor';

const LABEL = { ok: 'ok', note: 'note', problem: 'PROBLEM' } as const;
const findings = await examine(process.env, path.resolve(import.meta.dirname, '..'));
console.log('Steadfast doctor: the configuration this environment gives the server\n');
for (const { check, status, message } of findings) console.log(`${LABEL[status].padEnd(8)} ${check.padEnd(20)} ${message}`);
const problems = findings.filter((found) => found.status === 'problem').length;
console.log(problems === 0 ? '\nNo problems found.' : `\n${problems} ${problems === 1 ? 'problem' : 'problems'}: fix ${problems === 1 ? 'it' : 'them'} and run npm run doctor again.`);
process.exit(problems === 0 ? 0 : 1);
