import { closedPeriodRefusal } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { addRollbackRecon, csv, requestRollback, runExecution } from './rollbacks.fixtures.ts';

let t: TestApp;
let admin: Session;
let moduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Rollbacks in closed books');
  await addUser(t, { userName: 'rbc-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'rbc-admin');
});
afterAll(() => t.close());

describe('a rollback inside closed books (decision 0035)', () => {
  it('is refused while the books are closed over the rows its run closed', async () => {
    const env = await addRollbackRecon(t, moduleId);
    const e = await runExecution(t, env, { A: csv([['R1', '1.00']]), B: csv([['R1', '1.00']]), recon: true });
    const created = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/glconfigurations',
      moduleId,
      payload: {
        glName: 'Closed GL',
        items: [
          {
            name: 'Bank',
            side: 'DEBIT',
            sign: 1,
            sources: [{ dataSourceId: env.f.sides.A.dataSourceId, amountColumn: 'amount' }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // The rows are dated by when they were loaded (the table has no date column): closing up to tomorrow covers them.
    const until = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const closed = await call(t, admin, {
      method: 'PUT',
      url: `/web/v2/glconfigurations/${created.json().id}?Operation=CloseBooks`,
      moduleId,
      payload: { closeDate: until },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await requestRollback(t, admin, moduleId, e.executionId);
    expect(refused.statusCode).toBe(400);
    const name = created.json().items[0].sources[0].dataSourceName;
    expect(JSON.stringify(refused.json())).toContain(closedPeriodRefusal(name, until));
  });
});
