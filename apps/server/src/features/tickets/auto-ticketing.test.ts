import { AUTO_TICKET_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addReconFixture, type ReconFixture } from '@/testing/recon-fixtures.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';

// The Auto Ticketing drawer's calls (spec 3 §2, §3, §5, §7; decision 0031): each at its exact path, the checks of
// the body (columns of the data source, brands and users of the module, at least one block), the three success
// texts, the audit, and the guards (another module, a reader without the editors' privilege).

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;
let operatorId: number;
let amazon: number;
let flipkart: number;
let otherBrand: number;
let f: ReconFixture;
let fB: ReconFixture;

const COLUMNS = [
  { name: 'ref', dataType: 'VARCHAR' as const },
  { name: 'amount', dataType: 'DOUBLE' as const, isMoney: true },
  { name: 'brand', dataType: 'VARCHAR' as const },
  { name: 'partner', dataType: 'VARCHAR' as const },
];

async function addBrand(moduleId: number, name: string) {
  const row = await t.database.db
    .insertInto('bot_credential')
    .values({ module_id: moduleId, name, bot_type: 'AMAZON', user_name: 'bot', password_sealed: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Auto tickets A');
  moduleB = await addModule(t, 'Auto tickets B');
  await addUser(t, { userName: 'at-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  operatorId = await addUser(t, { userName: 'at-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'at-admin');
  operator = await signIn(t, 'at-operator');
  f = await addReconFixture(t, moduleA, { A: { columns: COLUMNS, rows: [] }, B: { columns: COLUMNS, rows: [] } });
  fB = await addReconFixture(t, moduleB, { A: { columns: COLUMNS, rows: [] }, B: { columns: COLUMNS, rows: [] } });
  amazon = await addBrand(moduleA, 'Amazon');
  flipkart = await addBrand(moduleA, 'Flipkart');
  otherBrand = await addBrand(moduleB, 'Ajio');
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Body,
  session = admin,
  moduleId = moduleA,
) => call(t, session, { method, url: `/web${url}`, moduleId, ...(payload ? { payload } : {}) });
const messageOf = (res: { json: () => unknown }) => {
  const body = res.json() as { message?: string } | { message: string }[];
  return Array.isArray(body) ? body[0]?.message : body.message;
};

const config = (over: Body = {}): Body => ({
  configEnabled: true,
  brandColumn: 'brand',
  partnerColumn: 'partner',
  subjectColumn: null,
  tagColumn: null,
  orderIdColumn: 'ref',
  notifyFromEmail: 'recon@shop.test',
  dataSource: { id: f.sides.A.dataSourceId },
  assignees: [
    { marketplaceBrand: { id: amazon }, assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: operatorId } }] },
    {
      marketplaceBrand: { id: flipkart },
      assignees: [
        { associatedAs: 'ASSIGNED', assignedToEmail: 'ops@flipkart.test' },
        { associatedAs: 'CCED', assignedTo: { id: operatorId } },
      ],
    },
  ],
  ...over,
});

describe('the Auto Ticketing drawer of a data source', () => {
  let id: number;

  it('opens empty for a data source without a config', async () => {
    const res = await send('GET', `/v2/autoTicketConfig?Find=ByDataSource&dataSourceId=${f.sides.A.dataSourceId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toBeNull();
    expect(res.json().options).toEqual({
      columns: ['ref', 'amount', 'brand', 'partner'],
      brands: [
        { id: amazon, name: 'Amazon' },
        { id: flipkart, name: 'Flipkart' },
      ],
      users: [
        { id: expect.any(Number), name: 'at-admin', email: null },
        { id: operatorId, name: 'at-operator', email: null },
      ],
    });
  });

  it('creates a config with the spec text, and answers it on the next read', async () => {
    const res = await send('POST', '/v2/autoTicketConfig', config());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Auto Ticketing Created Successfully!');
    id = res.json().data.id;
    const read = await send('GET', `/v2/autoTicketConfig?Find=ByDataSource&dataSourceId=${f.sides.A.dataSourceId}`);
    const data = read.json().data;
    expect(data).toMatchObject({
      id,
      configEnabled: true,
      brandColumn: 'brand',
      partnerColumn: 'partner',
      orderIdColumn: 'ref',
      notifyFromEmail: 'recon@shop.test',
      dataSource: { id: f.sides.A.dataSourceId },
      updatedBy: 'at-admin',
    });
    expect(data.assignees).toEqual([
      {
        marketplaceBrand: { id: amazon, name: 'Amazon' },
        assignees: [
          { associatedAs: 'ASSIGNED', assignedTo: { id: operatorId, name: 'at-operator' }, assignedToEmail: null },
        ],
      },
      {
        marketplaceBrand: { id: flipkart, name: 'Flipkart' },
        assignees: [
          { associatedAs: 'ASSIGNED', assignedTo: null, assignedToEmail: 'ops@flipkart.test' },
          { associatedAs: 'CCED', assignedTo: { id: operatorId, name: 'at-operator' }, assignedToEmail: null },
        ],
      },
    ]);
    const audit = await auditRows(t, 'AUTO_TICKET_CONFIG_SAVED');
    expect(audit.at(-1)).toMatchObject({ entity_id: String(id), user_name: 'at-admin', module_id: moduleA });
  });

  it('refuses a second config for the same data source', async () => {
    const res = await send('POST', '/v2/autoTicketConfig', config());
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(AUTO_TICKET_TEXTS.alreadyExists);
  });

  it('updates it with the spec text: switched off, one block left', async () => {
    const res = await send(
      'PUT',
      '/v2/autoTicketConfig',
      config({ id, configEnabled: false, partnerColumn: null, assignees: (config().assignees as Body[]).slice(0, 1) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Auto Ticketing Updated Successfully!');
    expect(res.json().data).toMatchObject({ configEnabled: false, partnerColumn: null });
    expect(
      res.json().data.assignees.map((b: { marketplaceBrand: { name: string } }) => b.marketplaceBrand.name),
    ).toEqual(['Amazon']);
  });

  it('needs at least one assignee block, each with someone in it, one per brand', async () => {
    for (const [assignees, text] of [
      [[], AUTO_TICKET_TEXTS.assigneeBlockRequired],
      [[{ marketplaceBrand: { id: amazon }, assignees: [] }], AUTO_TICKET_TEXTS.assigneeRequired],
      [
        [
          {
            marketplaceBrand: { id: amazon },
            assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: operatorId } }],
          },
          {
            marketplaceBrand: { id: amazon },
            assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: operatorId } }],
          },
        ],
        AUTO_TICKET_TEXTS.brandTwice,
      ],
    ] as const) {
      const res = await send('PUT', '/v2/autoTicketConfig', config({ id, assignees }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(text);
    }
  });

  it('refuses columns that are not columns of the data source, and brands, users or e-mails not of the module', async () => {
    const cases: [Body, string][] = [
      [{ brandColumn: 'nope' }, `nope ${AUTO_TICKET_TEXTS.columnNotFound}`],
      [{ tagColumn: 'amount2' }, `amount2 ${AUTO_TICKET_TEXTS.columnNotFound}`],
      [{ brandColumn: '' }, AUTO_TICKET_TEXTS.brandColumnRequired],
      [{ notifyFromEmail: 'not an email' }, 'Invalid Email'],
      [
        {
          assignees: [
            {
              marketplaceBrand: { id: otherBrand },
              assignees: [{ associatedAs: 'ASSIGNED', assignedTo: { id: operatorId } }],
            },
          ],
        },
        AUTO_TICKET_TEXTS.brandNotFound,
      ],
      [
        {
          assignees: [
            {
              marketplaceBrand: { id: amazon },
              assignees: [{ associatedAs: 'ASSIGNED', assignedToEmail: 'bad mail' }],
            },
          ],
        },
        'Invalid Email',
      ],
    ];
    for (const [over, text] of cases) {
      const res = await send('PUT', '/v2/autoTicketConfig', config({ id, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body).toContain(text);
    }
  });

  it('is not reachable from another module, and a reader may read but not save', async () => {
    const other = await send(
      'GET',
      `/v2/autoTicketConfig?Find=ByDataSource&dataSourceId=${f.sides.A.dataSourceId}`,
      undefined,
      admin,
      moduleB,
    );
    expect(other.statusCode).toBe(404);
    const otherDelete = await send('DELETE', `/v2/autoTicketConfig/${id}`, undefined, admin, moduleB);
    expect(otherDelete.statusCode).toBe(404);
    const read = await send(
      'GET',
      `/v2/autoTicketConfig?Find=ByDataSource&dataSourceId=${f.sides.A.dataSourceId}`,
      undefined,
      operator,
    );
    expect([200, 403]).toContain(read.statusCode);
    const write = await send('PUT', '/v2/autoTicketConfig', config({ id }), operator);
    expect(write.statusCode).toBe(403);
    const crossSource = await send(
      'POST',
      '/v2/autoTicketConfig',
      config({ dataSource: { id: fB.sides.A.dataSourceId } }),
    );
    expect(crossSource.statusCode).toBe(404);
  });

  it('deletes it with the spec text; the drawer opens empty again', async () => {
    const res = await send('DELETE', `/v2/autoTicketConfig/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Auto Ticketing Deleted Successfully!', data: null });
    const read = await send('GET', `/v2/autoTicketConfig?Find=ByDataSource&dataSourceId=${f.sides.A.dataSourceId}`);
    expect(read.json().data).toBeNull();
    expect((await auditRows(t, 'AUTO_TICKET_CONFIG_DELETED')).at(-1)?.entity_id).toBe(String(id));
    expect((await send('DELETE', `/v2/autoTicketConfig/${id}`)).statusCode).toBe(404);
  });
});
