import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the local SMTP server took: the envelope and the raw RFC 5322 text. */
export type SmtpMail = { from: string; to: string[]; raw: string };

/**
 * A local SMTP server for tests (decision 0030): plain SMTP on 127.0.0.1, no TLS, no auth; every mail it takes is
 * kept in `received`. `smtpUrl` is what SMTP_URL is set to.
 */
export async function startSmtpSink() {
  const received: SmtpMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw mail (unfolded), or null. */
export function headerOf(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The text body of a raw single-part mail, quoted-printable or base64 decoded. */
export function bodyOf(raw: string): string {
  const at = raw.search(/\r?\n\r?\n/);
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const encoding = (headerOf(raw, 'Content-Transfer-Encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}
