import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

/** A throwaway RSA key and a self-signed certificate for it, made at test time. */
export function makeSigner(commonName: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}
export type Signer = ReturnType<typeof makeSigner>;

export type AssertionOptions = {
  /** The IdP's entity id (Issuer). */
  issuer: string;
  acsUrl: string;
  audience: string;
  nameId: string;
  attributes?: Record<string, string | string[]>;
  /** Who signs the assertion; null leaves it unsigned. */
  signer: Signer | null;
  /** What the signer signs: the assertion (the default) or only the enclosing Response. */
  signs?: 'assertion' | 'response';
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
  inResponseTo?: string;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SAML Response (base64, as the HTTP-POST binding carries it) whose assertion the signer signs. */
export function samlResponse(o: AssertionOptions): string {
  const now = new Date();
  const notBefore = (o.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const assertionId = o.assertionId ?? `_a${randomUUID()}`;
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${esc(name)}">${(Array.isArray(value) ? value : [value])
          .map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(o.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion>';
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${esc(o.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${esc(o.issuer)}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertion +
    '</samlp:Response>';
  if (!o.signer) return Buffer.from(xml).toString('base64');
  const sig = new SignedXml({
    privateKey: o.signer.keyPem,
    publicCert: o.signer.certPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const element = o.signs === 'response' ? 'Response' : 'Assertion';
  sig.addReference({
    xpath: `/*[local-name(.)='Response']${element === 'Assertion' ? "/*[local-name(.)='Assertion']" : ''}`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: {
      reference:
        element === 'Assertion'
          ? "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']"
          : "/*[local-name(.)='Response']/*[local-name(.)='Issuer']",
      action: 'after',
    },
  });
  return Buffer.from(sig.getSignedXml()).toString('base64');
}

/** What the fake IdP read from an SP-initiated request. */
export type AuthnRequest = { id: string; acsUrl: string; issuer: string };

export function readAuthnRequest(redirectUrl: string): AuthnRequest {
  const encoded = new URL(redirectUrl).searchParams.get('SAMLRequest');
  if (!encoded) throw new Error('no SAMLRequest on the redirect');
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: /Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
  };
}

/**
 * An identity provider on 127.0.0.1: GET /sso with the SP's SAMLRequest answers the HTTP-POST binding's
 * auto-submitting form, with an assertion for the user `login` names, signed with its key.
 */
export async function startIdp(opts: { entityId: string; signer: Signer; audience: string }) {
  let nextUser: { nameId: string; attributes?: Record<string, string | string[]> } = { nameId: 'nobody' };
  const server: Server = createServer((req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request = readAuthnRequest(url.toString());
      const response = samlResponse({
        issuer: opts.entityId,
        acsUrl: request.acsUrl,
        audience: opts.audience,
        signer: opts.signer,
        inResponseTo: request.id,
        ...nextUser,
      });
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<form method="post" action="${esc(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${response}"/></form>` +
          '<script>document.forms[0].submit()</script>',
      );
    } catch (err) {
      res.writeHead(400);
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    entryPoint: `http://127.0.0.1:${port}/sso`,
    /** The next sign-in answers for this user. */
    login(user: { nameId: string; attributes?: Record<string, string | string[]> }) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SAMLResponse and ACS address of the fake IdP's auto-submitting form. */
export function readPostForm(html: string): { action: string; samlResponse: string } {
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { action, samlResponse };
}
