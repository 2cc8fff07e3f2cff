// A real SMTP server for the end-to-end run only (loopback): the app under test sends its mail here through
// SMTP_URL, exactly as to a production mail server. Each message is parsed (mailparser) and kept; the tests
// read the messages to an address from GET /messages?to=<address> on the HTTP port.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_PORT ?? 5057);
const httpPort = Number(process.env.PORT ?? 5058);
const received = [];

new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
        received.push({ to: (to ?? '').toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '' });
        callback();
      })
      .catch(callback);
  },
}).listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(received.filter((message) => message.to === to)));
  })
  .listen(httpPort, '127.0.0.1');
