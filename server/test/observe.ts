import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

export interface ObservedResponse {
  method: string;
  url: string;
  status: number;
  headers: OutgoingHttpHeaders;
  /** The body as the client reads it (decompressed). */
  text: string;
}

function decode(body: Buffer, encoding: unknown): string {
  switch (encoding) {
    case 'gzip':
      return zlib.gunzipSync(body).toString('utf8');
    case 'deflate':
      return zlib.inflateSync(body).toString('utf8');
    case 'br':
      return zlib.brotliDecompressSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

/**
 * Wraps an app so every response it sends is recorded, exactly as it leaves the server, for checks
 * that must hold for all responses (no password hash, no stack trace). The app itself is untouched.
 */
export function observeResponses(app: RequestListener): { handler: RequestListener; responses: ObservedResponse[] } {
  const responses: ObservedResponse[] = [];
  const handler: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      const buffer = toBuffer(chunk, rest[0]);
      if (buffer) chunks.push(buffer);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk: unknown, ...rest: unknown[]) => {
      const buffer = toBuffer(chunk, rest[0]);
      if (buffer) chunks.push(buffer);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on('finish', () => {
      const headers = res.getHeaders();
      responses.push({
        method: req.method ?? '',
        url: req.url ?? '',
        status: res.statusCode,
        headers,
        text: decode(Buffer.concat(chunks), headers['content-encoding']),
      });
    });
    app(req, res);
  };
  return { handler, responses };
}
