import { Writable } from 'node:stream';
import { INTEGRATION_TEXTS as T } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app.ts';
import { testConfig } from '@/config.ts';
import { SEALED_COLUMNS, sealContext } from '@/lib/sealed-columns.ts';
import { createSecretBox } from '@/lib/secrets.ts';
import { FORBIDDEN_BODY, invalidBody, NOT_ASSIGNED_BODY, notFoundBody } from '@/testing/error-bodies.ts';
import { addPipeline } from '@/testing/job-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { totpCodeOf } from './integrations.service.ts';
import { rotateSecrets } from './secrets-rotation.ts';

/** The key the test app seals with. */
const testKey = () => testConfig().secretsKey;
const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'Flip!kart-S3cret';

let t: TestApp;
let moduleId: number;
let otherModule: number;
let admin: Session;
let operator: Session;
let pipelineId: number;
let foreignPipelineId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Integrations module');
  otherModule = await addModule(t, 'Other integrations module');
  await addUser(t, { userName: 'int-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId, otherModule] });
  await addUser(t, { userName: 'int-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleId] });
  admin = await signIn(t, 'int-admin');
  operator = await signIn(t, 'int-operator');
  pipelineId = (await addPipeline(t, moduleId, 'Bank statement')).id;
  foreignPipelineId = (await addPipeline(t, otherModule)).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (s: Session | null, method: Method, url: string, payload?: object, m: number = moduleId) =>
  call(t, s, { method, url: `/web${url}`, ...(payload ? { payload } : {}), moduleId: m });
/** Everything an answer says, as text: a secret must never be in it. */
const neverTells = (body: string) => {
  expect(body).not.toContain(SEED);
  expect(body).not.toContain(PASSWORD);
  expect(body).not.toContain('enc1:');
};

describe('the config resources are guarded', () => {
  it('by the access token, the module and the privilege (integrations, emailParsingConfig)', async () => {
    for (const url of ['/v2/totpconfig', '/v2/emailParsingConfig', '/v2/botconfig/credential', '/v2/tagMapping']) {
      expect((await req(null, 'GET', url)).statusCode, url).toBe(401);
      const forbidden = await req(operator, 'GET', url);
      expect([forbidden.statusCode, forbidden.json()], url).toEqual([403, FORBIDDEN_BODY]);
      const stranger = await req(operator, 'GET', url, undefined, otherModule);
      expect([stranger.statusCode, stranger.json()], url).toEqual([403, NOT_ASSIGNED_BODY]);
    }
    expect((await req(operator, 'POST', '/v2/totpconfig', { name: 'x', secret: SEED })).statusCode).toBe(403);
    expect((await req(operator, 'DELETE', '/v2/tagMapping?tagMappingIds=1')).statusCode).toBe(403);
  });
});

describe('/v2/totpconfig', () => {
  it('stores the seed sealed, answers only hasSecret, and audits without it', async () => {
    const name = uniqueName('Flipkart authenticator');
    const res = await req(admin, 'POST', '/v2/totpconfig', {
      name,
      issuer: 'Flipkart',
      accountName: 'ops@shop.example',
      secret: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name,
      issuer: 'Flipkart',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      hasSecret: true,
    });
    expect(res.json()).not.toHaveProperty('secret');
    neverTells(res.body);
    const id = res.json().id as number;

    const row = await t.database.db
      .selectFrom('totp_config')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^enc1:[0-9a-f]{8}:/);
    expect(row.secret_sealed).not.toContain(SEED);
    const box = createSecretBox(testKey());
    expect(box.open(row.secret_sealed, sealContext({ table: 'totp_config', column: 'secret_sealed' }, moduleId))).toBe(
      SEED,
    );

    for (const url of ['/v2/totpconfig', '/v2/totpconfig?Operation=FindAll', `/v2/totpconfig/${id}`]) {
      const got = await req(admin, 'GET', url);
      expect(got.statusCode, url).toBe(200);
      neverTells(got.body);
    }
    const audit = (await auditRows(t, 'TOTP_CONFIG_CREATED')).find((r) => r.entity_id === String(id));
    expect(audit?.details).toMatchObject({ name, issuer: 'Flipkart', secretReplaced: true });
    neverTells(JSON.stringify(audit));
  });

  it('keeps the stored seed when an update sends none, replaces it when one is sent', async () => {
    const created = await req(admin, 'POST', '/v2/totpconfig', { name: uniqueName('Amazon 2FA'), secret: SEED });
    const id = created.json().id as number;
    const sealedOf = async () =>
      (
        await t.database.db
          .selectFrom('totp_config')
          .select('secret_sealed')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).secret_sealed;
    const first = await sealedOf();
    const renamed = await req(admin, 'PUT', '/v2/totpconfig', { id, name: 'Amazon seller 2FA', digits: 8, secret: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Amazon seller 2FA', digits: 8, hasSecret: true });
    expect(await sealedOf()).toBe(first);
    await req(admin, 'PUT', '/v2/totpconfig', { id, name: 'Amazon seller 2FA', secret: 'KRSXG5CTMVRXEZLU' });
    expect(await sealedOf()).not.toBe(first);
    const audit = (await auditRows(t, 'TOTP_CONFIG_UPDATED')).filter((r) => r.entity_id === String(id));
    expect(audit.map((r) => (r.details as { secretReplaced: boolean }).secretReplaced)).toEqual([false, true]);
  });

  it('answers the form checks with their messages', async () => {
    const cases: [object, string, string][] = [
      [{ secret: SEED }, 'name', T.nameRequired],
      [{ name: 'No seed' }, 'secret', T.secretRequired],
      [{ name: 'Bad seed', secret: 'not base32 1890!' }, 'secret', T.secretNotBase32],
      [{ name: 'Short seed', secret: 'JBSWY3DP' }, 'secret', T.secretNotBase32],
    ];
    for (const [body, field, message] of cases) {
      const res = await req(admin, 'POST', '/v2/totpconfig', body);
      expect([res.statusCode, res.json()], message).toEqual([400, invalidBody(field, message)]);
    }
    const name = uniqueName('Twice');
    await req(admin, 'POST', '/v2/totpconfig', { name, secret: SEED });
    const again = await req(admin, 'POST', '/v2/totpconfig', { name: name.toUpperCase(), secret: SEED });
    expect([again.statusCode, again.json()]).toEqual([400, invalidBody('name', T.nameTaken)]);
    const noId = await req(admin, 'PUT', '/v2/totpconfig', { name: 'x' });
    expect([noId.statusCode, noId.json()]).toEqual([400, invalidBody('id', T.idRequired)]);
  });

  it("treats another module's config as not found, and deletes one no brand login uses", async () => {
    const foreign = await req(admin, 'POST', '/v2/totpconfig', { name: 'Elsewhere', secret: SEED }, otherModule);
    const fid = foreign.json().id as number;
    const missing = notFoundBody(T.totpNotFound);
    for (const [method, url, body] of [
      ['GET', `/v2/totpconfig/${fid}`, undefined],
      ['PUT', '/v2/totpconfig', { id: fid, name: 'Taken over' }],
      ['DELETE', `/v2/totpconfig/${fid}`, undefined],
    ] as const) {
      const res = await req(admin, method, url, body);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([404, missing]);
    }
    const listed = await req(admin, 'GET', '/v2/totpconfig?Operation=FindAll');
    expect(listed.json().data.map((c: { id: number }) => c.id)).not.toContain(fid);

    const used = (await req(admin, 'POST', '/v2/totpconfig', { name: uniqueName('In use'), secret: SEED })).json();
    const login = await req(admin, 'POST', '/v2/botconfig/credential', {
      name: uniqueName('Uses TOTP'),
      botType: 'AJIO',
      userName: 'ajio-ops',
      password: PASSWORD,
      totpConfigId: used.id,
    });
    expect(login.json().totpConfig).toEqual({ id: used.id, name: used.name });
    const refused = await req(admin, 'DELETE', `/v2/totpconfig/${used.id}`);
    expect([refused.statusCode, refused.json()]).toEqual([400, invalidBody('id', T.totpInUse)]);
    await req(admin, 'DELETE', `/v2/botconfig/credential/${login.json().id}`);
    const deleted = await req(admin, 'DELETE', `/v2/totpconfig/${used.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: T.deleted }]);
    expect((await req(admin, 'GET', `/v2/totpconfig/${used.id}`)).statusCode).toBe(404);
    expect((await auditRows(t, 'TOTP_CONFIG_DELETED')).some((r) => r.entity_id === String(used.id))).toBe(true);
  });
});

describe('a TOTP config in use', () => {
  it('gives the RFC 6238 code of its sealed seed (the bots’ second sign-in step)', async () => {
    // RFC 6238 appendix B: the ASCII seed "12345678901234567890", SHA1, 8 digits, at 59 s → 94287082.
    const created = await req(admin, 'POST', '/v2/totpconfig', {
      name: uniqueName('RFC 6238'),
      secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      digits: 8,
    });
    const ctx = { db: t.database.db, secrets: createSecretBox(testKey()) } as Parameters<typeof totpCodeOf>[0];
    expect(await totpCodeOf(ctx, moduleId, created.json().id, new Date(59_000))).toBe('94287082');
    expect(await totpCodeOf(ctx, moduleId, created.json().id, new Date(1_111_111_109_000))).toBe('07081804');
    await expect(totpCodeOf(ctx, otherModule, created.json().id, new Date())).rejects.toThrow(T.totpNotFound);
  });
});

describe('/v2/emailParsingConfig', () => {
  it('creates a rule onto a pipeline of the module, lists, searches, updates and deletes it', async () => {
    const name = uniqueName('HDFC statement mail');
    const body = {
      name,
      sender: '*@hdfcbank.example',
      subjectPattern: 'Statement for *',
      attachmentPattern: '*.csv',
      pipelineId,
    };
    const res = await req(admin, 'POST', '/v2/emailParsingConfig', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name,
      sender: body.sender,
      subjectPattern: body.subjectPattern,
      attachmentPattern: body.attachmentPattern,
      pipeline: { id: pipelineId, name: 'Bank statement' },
      isActive: true,
    });
    const id = res.json().id as number;
    const search = await req(admin, 'GET', `/v2/emailParsingConfig?search=${encodeURIComponent('hdfc statement')}`);
    expect(search.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    const none = await req(admin, 'GET', '/v2/emailParsingConfig?search=nothing-like-it');
    expect(none.json().data).toEqual([]);
    const all = await req(admin, 'GET', '/v2/emailParsingConfig?Operation=FindAll');
    expect(all.json().data.map((r: { id: number }) => r.id)).toContain(id);

    const updated = await req(admin, 'PUT', '/v2/emailParsingConfig', { ...body, id, isActive: false });
    expect(updated.json()).toMatchObject({ id, isActive: false });
    const audit = (await auditRows(t, 'EMAIL_PARSING_CONFIG_UPDATED')).find((r) => r.entity_id === String(id));
    expect(audit?.details).toMatchObject({ isActive: false, before: { isActive: true } });
    const deleted = await req(admin, 'DELETE', `/v2/emailParsingConfig/${id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: T.deleted }]);
    expect((await req(admin, 'GET', `/v2/emailParsingConfig/${id}`)).json()).toEqual(
      notFoundBody(T.emailParsingNotFound),
    );
  });

  it('refuses a pipeline of another module, a bad sender and missing fields with their messages', async () => {
    const base = { name: uniqueName('Rule'), sender: 'ops@bank.example', attachmentPattern: '*.xlsx', pipelineId };
    const cases: [object, string, string][] = [
      [{ ...base, pipelineId: foreignPipelineId }, 'pipelineId', T.pipelineNotFound],
      [{ ...base, sender: 'ops at bank' }, 'sender', T.senderInvalid],
      [{ ...base, sender: '' }, 'sender', T.senderRequired],
      [{ ...base, attachmentPattern: ' ' }, 'attachmentPattern', T.attachmentPatternRequired],
      [{ ...base, pipelineId: null }, 'pipelineId', T.pipelineRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await req(admin, 'POST', '/v2/emailParsingConfig', body);
      expect([res.statusCode, res.json()], message).toEqual([400, invalidBody(field, message)]);
    }
    const foreign = await req(
      admin,
      'POST',
      '/v2/emailParsingConfig',
      { ...base, pipelineId: foreignPipelineId },
      otherModule,
    );
    expect(foreign.statusCode, foreign.body).toBe(200);
    const res = await req(admin, 'GET', `/v2/emailParsingConfig/${foreign.json().id}`);
    expect([res.statusCode, res.json()]).toEqual([404, notFoundBody(T.emailParsingNotFound)]);
  });
});

describe('/v2/botconfig', () => {
  it('lists the brands of spec 3', async () => {
    const res = await req(admin, 'GET', '/v2/botconfig/brands');
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual([
      'Flipkart',
      'Amazon',
      'Ajio',
      'Jio Mart',
      'First Cry',
      'Cocoblu',
      'Paytm',
      'PhonePe',
    ]);
  });

  it('stores the password sealed, answers hasPassword only, and keeps it when an update sends none', async () => {
    const name = uniqueName('Cocoblu seller');
    const res = await req(admin, 'POST', '/v2/botconfig/credential', {
      name,
      botType: 'COCOBLU',
      userName: 'cocoblu-ops',
      password: PASSWORD,
      vendorCodes: ['V-100', ' V-200 ', 'V-100'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name, botType: 'COCOBLU', hasPassword: true, vendorCodes: ['V-100', 'V-200'] });
    neverTells(res.body);
    const id = res.json().id as number;
    const sealedOf = async () =>
      (
        await t.database.db
          .selectFrom('bot_credential')
          .select('password_sealed')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).password_sealed;
    const sealed = await sealedOf();
    expect(sealed).not.toContain(PASSWORD);
    const kept = await req(admin, 'PUT', '/v2/botconfig/credential', {
      id,
      name,
      botType: 'COCOBLU',
      userName: 'cocoblu-2',
    });
    expect(kept.json()).toMatchObject({ userName: 'cocoblu-2', hasPassword: true });
    expect(await sealedOf()).toBe(sealed);
    for (const url of [
      '/v2/botconfig/credential',
      '/v2/botconfig/credential?Find=All',
      `/v2/botconfig/credential/${id}`,
    ]) {
      neverTells((await req(admin, 'GET', url)).body);
    }
    const cocoblu = await req(admin, 'GET', '/v2/botconfig/credential?botType=COCOBLU');
    expect(cocoblu.json().data.map((c: { id: number }) => c.id)).toEqual([id]);
    for (const event of ['BOT_CREDENTIAL_CREATED', 'BOT_CREDENTIAL_UPDATED'])
      neverTells(JSON.stringify(await auditRows(t, event)));
  });

  it('refuses a missing password, brand or user name, and a TOTP config of another module', async () => {
    const base = { name: uniqueName('Paytm'), botType: 'PAYTM', userName: 'paytm-ops', password: PASSWORD };
    const foreignTotp = (
      await req(admin, 'POST', '/v2/totpconfig', { name: uniqueName('F'), secret: SEED }, otherModule)
    ).json();
    const cases: [object, string, string][] = [
      [{ ...base, password: '' }, 'password', T.passwordRequired],
      [{ ...base, botType: null }, 'botType', T.botTypeRequired],
      [{ ...base, userName: ' ' }, 'userName', T.userNameRequired],
      [{ ...base, totpConfigId: foreignTotp.id }, 'totpConfigId', T.totpNotFound],
    ];
    for (const [body, field, message] of cases) {
      const res = await req(admin, 'POST', '/v2/botconfig/credential', body);
      expect([res.statusCode, res.json()], message).toEqual([400, invalidBody(field, message)]);
    }
    const unknown = await req(admin, 'POST', '/v2/botconfig/credential', { ...base, botType: 'MYNTRA' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('/v2/tagMapping', () => {
  it('creates, updates, refuses a tag mapped twice, and bulk-deletes by comma-joined ids', async () => {
    const ids: number[] = [];
    for (const sourceTag of ['Payment delay', 'Refund', 'Chargeback']) {
      const res = await req(admin, 'POST', '/v2/tagMapping', { sourceTag, ticketTag: 'Urgent', botType: 'FLIPKART' });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    const twice = await req(admin, 'POST', '/v2/tagMapping', {
      sourceTag: 'refund',
      ticketTag: 'Problem',
      botType: 'FLIPKART',
    });
    expect([twice.statusCode, twice.json()]).toEqual([400, invalidBody('sourceTag', T.tagTaken)]);
    const otherBrand = await req(admin, 'POST', '/v2/tagMapping', { sourceTag: 'Refund', ticketTag: 'Problem' });
    expect(otherBrand.statusCode).toBe(200);
    const updated = await req(admin, 'PUT', '/v2/tagMapping', {
      id: ids[0],
      sourceTag: 'Payment delay',
      ticketTag: 'Support',
    });
    expect(updated.json()).toMatchObject({ id: ids[0], ticketTag: 'Support', botType: null });

    const foreign = (
      await req(admin, 'POST', '/v2/tagMapping', { sourceTag: 'X', ticketTag: 'Y' }, otherModule)
    ).json();
    const mixed = await req(admin, 'DELETE', `/v2/tagMapping?tagMappingIds=${ids[0]},${foreign.id}`);
    expect([mixed.statusCode, mixed.json()]).toEqual([404, notFoundBody(T.tagMappingNotFound)]);
    expect((await req(admin, 'GET', `/v2/tagMapping/${ids[0]}`)).statusCode).toBe(200);

    const deleted = await req(admin, 'DELETE', `/v2/tagMapping?tagMappingIds=${ids[0]},${ids[1]}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: T.deleted, deleted: 2 }]);
    const left = (await req(admin, 'GET', '/v2/tagMapping')).json().data.map((m: { id: number }) => m.id);
    expect(left).toContain(ids[2]);
    expect(left).not.toContain(ids[0]);
    expect(left).not.toContain(ids[1]);
    expect((await auditRows(t, 'TAG_MAPPING_DELETED')).map((r) => r.entity_id)).toEqual(
      expect.arrayContaining([String(ids[0]), String(ids[1])]),
    );
    const bad = await req(admin, 'DELETE', '/v2/tagMapping?tagMappingIds=1,,x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('rotating the secrets key', () => {
  it('knows every sealed column of the schema (a new *_sealed column must be rotated too)', async () => {
    const columns = await t.database.db
      .selectFrom('information_schema.columns' as never)
      .select(['table_name as table', 'column_name as column'] as never)
      .where('table_schema' as never, '=', 'public' as never)
      .where('column_name' as never, 'like', '%\\_sealed' as never)
      .execute();
    expect(new Set(columns.map((c) => JSON.stringify(c)))).toEqual(
      new Set(SEALED_COLUMNS.map((c) => JSON.stringify({ table: c.table, column: c.column }))),
    );
  });

  it('re-seals every stored secret with the new key; the old key is then no longer needed', async () => {
    await req(admin, 'POST', '/v2/totpconfig', { name: uniqueName('Before rotation'), secret: SEED });
    // The LDAP directory's service password (decision 0023), sealed as its setup seals it.
    const ldapContext = sealContext({ table: 'ldap_config', column: 'bind_password_sealed' }, 0);
    await t.database.db
      .insertInto('ldap_config')
      .values({
        url: 'ldap://127.0.0.1:389',
        bind_mode: 'SEARCH',
        user_dn_template: null,
        bind_dn: 'cn=svc,dc=corp,dc=test',
        bind_password_sealed: createSecretBox(testKey()).seal('Svc@Pass1', ldapContext),
        base_dn: 'dc=corp,dc=test',
        user_filter: null,
        email_attribute: null,
        name_attribute: null,
        groups_attribute: null,
      })
      .execute();
    const newKey = Buffer.alloc(32, 7).toString('base64');
    const rotated = createSecretBox(newKey, [testKey()]);
    const counts = await rotateSecrets(t.database.db, rotated);
    expect(counts['totp_config.secret_sealed']).toBeGreaterThan(0);
    expect(counts['bot_credential.password_sealed']).toBeGreaterThan(0);
    expect(counts['ldap_config.bind_password_sealed']).toBe(1);
    const onlyNew = createSecretBox(newKey);
    const ldap = await t.database.db.selectFrom('ldap_config').select('bind_password_sealed').executeTakeFirstOrThrow();
    expect(onlyNew.open(ldap.bind_password_sealed ?? '', ldapContext)).toBe('Svc@Pass1');
    const totp = await t.database.db.selectFrom('totp_config').select(['module_id', 'secret_sealed']).execute();
    for (const row of totp) {
      expect(onlyNew.isStale(row.secret_sealed)).toBe(false);
      const context = sealContext({ table: 'totp_config', column: 'secret_sealed' }, row.module_id);
      expect(onlyNew.open(row.secret_sealed, context)).toMatch(/^[A-Z2-7]{16,}$/);
    }
    expect(await rotateSecrets(t.database.db, rotated)).toEqual({
      'totp_config.secret_sealed': 0,
      'bot_credential.password_sealed': 0,
      'ldap_config.bind_password_sealed': 0,
      'oauth_account.access_token_sealed': 0,
      'oauth_account.refresh_token_sealed': 0,
      'oauth_account.key_secret_sealed': 0,
      'user_totp.secret_sealed': 0,
      'oauth_state.code_verifier_sealed': 0,
    });
    const audit = await auditRows(t, 'SECRETS_ROTATED');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ keyId: onlyNew.keyId });
  });
});

describe('the server log', () => {
  it('never holds a secret, at the most verbose level, for saves that succeed or fail', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const verbose = await buildApp(
      { config: testConfig(), db: t.database.db, notifier: t.notifier },
      { logger: { level: 'trace', stream } },
    );
    try {
      const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
        verbose.inject({
          method,
          url: `/web${url}`,
          payload,
          headers: {
            authorization: `Bearer ${admin.authToken}`,
            'x-user-id': String(admin.userId),
            'x-module-id': String(moduleId),
          },
        });
      expect((await send('POST', '/v2/totpconfig', { name: uniqueName('Logged'), secret: SEED })).statusCode).toBe(200);
      expect((await send('POST', '/v2/totpconfig', { secret: SEED })).statusCode).toBe(400);
      expect((await send('POST', '/v2/totpconfig', { name: 'Wrong type', secret: 12 })).statusCode).toBe(400);
      const login = { name: uniqueName('Logged login'), botType: 'PAYTM', userName: 'u', password: PASSWORD };
      expect((await send('POST', '/v2/botconfig/credential', login)).statusCode).toBe(200);
      expect((await send('PUT', '/v2/botconfig/credential', { ...login, id: 999_999 })).statusCode).toBe(404);
    } finally {
      await verbose.close();
    }
    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('');
    expect(log).not.toContain(SEED);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('enc1:');
  });
});
