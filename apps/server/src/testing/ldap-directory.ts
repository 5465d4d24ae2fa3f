import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ldap from 'ldapjs';
import forge from 'node-forge';

/** A person in the fake directory: `uid` names them under ou=people. */
export type DirectoryPerson = {
  uid: string;
  password: string;
  cn?: string;
  mail?: string;
  /** Group DNs, answered as memberOf. */
  memberOf?: string[];
};

export const DIRECTORY_BASE_DN = 'dc=corp,dc=test';
export const PEOPLE_DN = `ou=people,${DIRECTORY_BASE_DN}`;
export const SERVICE_DN = `cn=recon-service,ou=services,${DIRECTORY_BASE_DN}`;
export const groupDn = (cn: string) => `cn=${cn},ou=groups,${DIRECTORY_BASE_DN}`;

// ldapjs 3's request and response objects, as far as this fake uses them (@types/ldapjs describes version 2).
type Next = (err?: unknown) => void;
type Req = {
  dn: { toString(): string };
  credentials?: string;
  scope: string;
  filter: { toString(): string; matches(attributes: Record<string, unknown>, strictAttributeCase?: boolean): boolean };
  connection: { ldap: { bindDN: unknown } };
};
type Res = {
  attributes?: string[];
  end(): void;
  send(entry: { dn: string; attributes: Record<string, string | string[]> }): void;
};
type FakeServer = {
  bind(base: string, handler: (req: Req, res: Res, next: Next) => void): void;
  search(base: string, handler: (req: Req, res: Res, next: Next) => void): void;
  exop(name: string, handler: (req: Req, res: Res, next: Next) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  listen(port: number, host: string, cb: () => void): void;
  address(): AddressInfo;
  close(cb: () => void): void;
};

/** DNs compared as the server spells them, without the spaces and case that do not matter. */
const norm = (dn: string) => dn.replace(/\s*,\s*/g, ',').toLowerCase();

/**
 * A real LDAP server (ldapjs) on 127.0.0.1 for tests: people under ou=people with uid, cn, mail and memberOf, and a
 * service account that may search. Like many real directories it takes a bind with a DN and an empty password
 * as an anonymous ("unauthenticated") bind and says yes, so a client that lets an empty password through would
 * be let in: `binds` records every bind (DN and whether a password came), `filters` every search filter.
 */
/**
 * A self-signed server certificate for 127.0.0.1 (its subjectAltName), made in the test: trusting it as the CA
 * lets a client verify the directory; anyone else's trust store refuses it.
 */
export function makeServerCertificate(commonName = 'ldap.corp.test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `02${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}

export async function startLdapDirectory(opts: {
  people: DirectoryPerson[];
  servicePassword?: string;
  /** Answer ldaps:// with this certificate and key. */
  tls?: { certPem: string; keyPem: string };
}) {
  const servicePassword = opts.servicePassword ?? 'Service@Pass2026';
  const people = [...opts.people];
  const binds: { dn: string; hasPassword: boolean }[] = [];
  const filters: string[] = [];
  const dnOf = (p: DirectoryPerson) => `uid=${p.uid},${PEOPLE_DN}`;
  const server = (opts.tls
    ? ldap.createServer({ certificate: opts.tls.certPem, key: opts.tls.keyPem })
    : ldap.createServer()) as unknown as FakeServer;

  // Like a directory without StartTLS: the extended operation is refused (a client must not go on in clear).
  server.exop('1.3.6.1.4.1.1466.20037', (_req, _res, next) =>
    next(new ldap.UnavailableError('StartTLS is not offered')),
  );
  // What a client sends after a refused upgrade is not LDAP: the connection is dropped, the test goes on.
  server.on('error', () => undefined);

  server.bind(DIRECTORY_BASE_DN, (req, res, next) => {
    const dn = norm(req.dn.toString());
    const password = String(req.credentials ?? '');
    binds.push({ dn, hasPassword: password !== '' });
    // An unauthenticated bind (a DN, no password) succeeds as anonymous, as RFC 4513 §5.1.2 allows servers to do.
    // ldapjs records who the connection is bound as only when the handler chain goes on after the answer.
    const accept = () => {
      res.end();
      next();
    };
    if (password === '') return accept();
    if (dn === norm(SERVICE_DN) && password === servicePassword) return accept();
    const person = people.find((p) => norm(dnOf(p)) === dn);
    if (person && person.password === password) return accept();
    return next(new ldap.InvalidCredentialsError());
  });

  server.search(DIRECTORY_BASE_DN, (req, res, next) => {
    const bound = norm(String(req.connection.ldap.bindDN));
    const isService = bound === norm(SERVICE_DN);
    const self = people.find((p) => norm(dnOf(p)) === bound);
    if (!isService && !self) return next(new ldap.InsufficientAccessRightsError());
    filters.push(req.filter.toString());
    // ldapjs compares the requested attribute names with lower-cased ones: ask for them lower-cased.
    if (res.attributes) res.attributes = res.attributes.map((a) => a.toLowerCase());
    const base = norm(req.dn.toString());
    for (const p of people) {
      if (!isService && p !== self) continue;
      const dn = dnOf(p);
      if (req.scope === 'base' && norm(dn) !== base) continue;
      if (req.scope !== 'base' && !norm(dn).endsWith(base)) continue;
      const attributes: Record<string, string | string[]> = {
        objectclass: ['top', 'person', 'inetOrgPerson'],
        uid: p.uid,
        cn: p.cn ?? p.uid,
        ...(p.mail ? { mail: p.mail } : {}),
        ...(p.memberOf?.length ? { memberof: p.memberOf } : {}),
      };
      if (req.filter.matches(attributes, false)) res.send({ dn, attributes });
    }
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address();
  return {
    url: `${opts.tls ? 'ldaps' : 'ldap'}://127.0.0.1:${port}`,
    port,
    servicePassword,
    binds,
    filters,
    /** Adds a person (the test's directory grows as the story needs). */
    add(person: DirectoryPerson) {
      people.push(person);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LdapDirectory = Awaited<ReturnType<typeof startLdapDirectory>>;
