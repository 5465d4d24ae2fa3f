import { Client, type Entry, Filter, ResultCodeError } from 'ldapts';

/** What a sign-in needs of the configured directory, the service password already unsealed. */
export type DirectorySettings = {
  url: string;
  bindMode: 'DIRECT' | 'SEARCH';
  userDnTemplate: string | null;
  bindDn: string | null;
  bindPassword: string | null;
  baseDn: string | null;
  userFilter: string | null;
  emailAttribute: string | null;
  nameAttribute: string | null;
  groupsAttribute: string | null;
  connectTimeoutMs: number;
  /** TLS (decision 0028): the CA PEM to trust (Node's store when null), StartTLS on ldap://, refuse untrusted. */
  caCertificate: string | null;
  startTls: boolean;
  rejectUnauthorized: boolean;
};

/** The person the directory vouched for. */
export type DirectoryPerson = {
  dn: string;
  email: string | null;
  firstName: string;
  lastName: string;
  groups: string[];
};

/** The directory did not answer (refused the connection, timed out, or the TLS handshake failed). */
export class DirectoryUnavailable extends Error {}
/** The directory answered, but refused the service account: the setup is wrong, not the user. */
export class ServiceAccountRefused extends Error {}

const DEFAULT_FILTER = '(uid={username})';
const DEFAULT_GROUPS_ATTRIBUTE = 'memberOf';
const DEFAULT_EMAIL_ATTRIBUTE = 'mail';
const DEFAULT_NAME_ATTRIBUTE = 'cn';

/** A value inside a search filter (RFC 4515): `*`, `(`, `)`, `\` and NUL lose their meaning. */
export const escapeFilterValue = (value: string) => Filter.escape(value);

/**
 * An attribute value inside a DN (RFC 4514): `, + " \ < > ; =` are escaped, as are a leading `#` or space, a
 * trailing space and NUL, so a user name can never add an RDN or step into another branch of the tree.
 */
export function escapeDnValue(value: string): string {
  let out = '';
  for (const [i, ch] of [...value].entries()) {
    if (ch === '\0') out += '\\00';
    else if (',+"\\<>;='.includes(ch)) out += `\\${ch}`;
    else if ((i === 0 && (ch === '#' || ch === ' ')) || (i === value.length - 1 && ch === ' ')) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

const fill = (template: string, value: string) => template.replaceAll('{username}', value);

/** The TLS options of ldaps:// and StartTLS: TLS 1.2 at least, the configured CA, untrusted refused by default. */
function tlsOptionsOf(s: DirectorySettings) {
  return {
    minVersion: 'TLSv1.2' as const,
    rejectUnauthorized: s.rejectUnauthorized,
    ...(s.caCertificate ? { ca: [s.caCertificate] } : {}),
  };
}

/**
 * A client of the directory; with StartTLS the connection is upgraded before anything else is sent, so no bind (and
 * no password) ever travels in clear. A directory that refuses StartTLS is unavailable, not a wrong password.
 */
async function connect(s: DirectorySettings) {
  const client = new Client({
    url: s.url,
    connectTimeout: s.connectTimeoutMs,
    timeout: s.connectTimeoutMs,
    strictDN: false,
    // ldapts opens TLS from the start whenever TLS options are given: only for ldaps:// (StartTLS upgrades below).
    ...(/^ldaps:/i.test(s.url) ? { tlsOptions: tlsOptionsOf(s) } : {}),
  });
  if (s.startTls) {
    try {
      await client.startTLS(tlsOptionsOf(s));
    } catch (err) {
      await client.unbind().catch(() => undefined);
      throw new DirectoryUnavailable(`StartTLS failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return client;
}

/** An LDAP answer is a ResultCodeError; anything else (a socket error, a timeout) means the directory is down. */
const isDirectoryAnswer = (err: unknown) => err instanceof ResultCodeError;

async function run<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (isDirectoryAnswer(err)) throw err;
    throw new DirectoryUnavailable(err instanceof Error ? err.message : String(err));
  }
}

async function bindService(client: Client, s: DirectorySettings) {
  if (!s.bindDn || !s.bindPassword) throw new ServiceAccountRefused('no service account');
  try {
    await run(() => client.bind(s.bindDn ?? '', s.bindPassword ?? ''));
  } catch (err) {
    if (isDirectoryAnswer(err)) throw new ServiceAccountRefused((err as Error).message);
    throw err;
  }
}

function attributesWanted(s: DirectorySettings) {
  return [
    s.emailAttribute ?? DEFAULT_EMAIL_ATTRIBUTE,
    s.nameAttribute ?? DEFAULT_NAME_ATTRIBUTE,
    s.groupsAttribute ?? DEFAULT_GROUPS_ATTRIBUTE,
  ];
}

const valuesOf = (v: Entry[string] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)).trim())
    .filter(Boolean);

/** Entry attribute names come back as the server spells them: look them up regardless of case. */
const attribute = (entry: Entry, name: string) =>
  valuesOf(Object.entries(entry).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1]);

function personOf(s: DirectorySettings, entry: Entry): DirectoryPerson {
  const [first = '', ...rest] = (attribute(entry, s.nameAttribute ?? DEFAULT_NAME_ATTRIBUTE)[0] ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return {
    dn: entry.dn,
    email: attribute(entry, s.emailAttribute ?? DEFAULT_EMAIL_ATTRIBUTE)[0] ?? null,
    firstName: first,
    lastName: rest.join(' '),
    groups: attribute(entry, s.groupsAttribute ?? DEFAULT_GROUPS_ATTRIBUTE),
  };
}

/**
 * Signs `userName` in against the directory: binds as the user (DIRECT: the DN template filled with the escaped
 * name; SEARCH: the one entry the service account finds with the escaped filter) and reads their attributes.
 * Answers null when the directory does not know the name or refuses the password. Never binds with an empty
 * password (an LDAP server takes that as an anonymous bind and says yes).
 */
export async function authenticate(
  s: DirectorySettings,
  userName: string,
  password: string,
): Promise<DirectoryPerson | null> {
  if (!password) return null;
  const client = await connect(s);
  try {
    let dn: string;
    let entry: Entry | null = null;
    if (s.bindMode === 'SEARCH') {
      await bindService(client, s);
      const filter = fill(s.userFilter ?? DEFAULT_FILTER, escapeFilterValue(userName));
      const { searchEntries } = await run(() =>
        client.search(s.baseDn ?? '', { scope: 'sub', filter, sizeLimit: 2, attributes: attributesWanted(s) }),
      ).catch((err) => {
        if (isDirectoryAnswer(err)) return { searchEntries: [] as Entry[] };
        throw err;
      });
      // None, or more than one: the name does not name one person.
      if (searchEntries.length !== 1 || !searchEntries[0]) return null;
      entry = searchEntries[0];
      dn = entry.dn;
    } else {
      dn = fill(s.userDnTemplate ?? '', escapeDnValue(userName));
    }
    try {
      await run(() => client.bind(dn, password));
    } catch (err) {
      if (isDirectoryAnswer(err)) return null;
      throw err;
    }
    if (!entry) {
      const { searchEntries } = await run(() =>
        client.search(dn, { scope: 'base', filter: '(objectClass=*)', attributes: attributesWanted(s) }),
      ).catch((err) => {
        if (isDirectoryAnswer(err)) return { searchEntries: [] as Entry[] };
        throw err;
      });
      entry = searchEntries[0] ?? { dn };
    }
    return personOf(s, entry);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The setup page's test: binds with the service account when there is one; otherwise only checks that the
 * directory answers (an anonymous bind, whatever it says, proves a directory is listening).
 */
export async function testConnection(s: DirectorySettings): Promise<'SERVICE_BOUND' | 'REACHABLE'> {
  const client = await connect(s);
  try {
    if (s.bindDn) {
      await bindService(client, s);
      return 'SERVICE_BOUND';
    }
    await run(() => client.bind('', '')).catch((err) => {
      if (!isDirectoryAnswer(err)) throw err;
    });
    return 'REACHABLE';
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
