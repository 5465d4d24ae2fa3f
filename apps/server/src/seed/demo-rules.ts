import type { RuleCondition, RuleType } from '@recon/contract';
import { type Db, withTransaction } from '@recon/db';

/**
 * The demo recon's rules (Bank Statement = side A, Gateway Settlement = side B), in order, written for the sample
 * files of demo/samples: bank charges are knocked off, credits returned the same day cancel out, credits match
 * their settlement by UTR, net amount and date — exactly, within a paisa (relaxed), or a day late (proposed for a
 * person to accept) — one bank credit for a batch of settlements is partially reconciled when their total is short
 * by under a rupee, a settlement reported twice is a duplicate match, a return after reconciliation a late
 * reversal. Idempotent: a recon that already has rules keeps them.
 */

type Ids = { moduleId: number; reconId: number; bankDataSourceId: number; pgDataSourceId: number };

const column = (dataSourceId: number, columnName: string) => ({
  valueType: 'COLUMN' as const,
  dataSourceId,
  columnName,
  value: null,
  transforms: [],
  aggregation: null,
});
const constant = (value: string) => ({
  valueType: 'CONSTANT' as const,
  dataSourceId: null,
  columnName: null,
  value,
  transforms: [],
  aggregation: null,
});

function rules(ids: Ids): { name: string; description: string; ruleType: RuleType; conditions: RuleCondition[] }[] {
  const A = (c: string) => column(ids.bankDataSourceId, c);
  const B = (c: string) => column(ids.pgDataSourceId, c);
  let seq = 0;
  const match = (
    one: RuleCondition['elementOne'],
    two: RuleCondition['elementSecond'],
    extra: Partial<RuleCondition> = {},
  ) =>
    ({
      sequence: ++seq,
      ruleConditionType: 'MATCHING',
      conditionJointType: 'AND',
      primaryCondition: false,
      conditionEnable: true,
      elementOne: one,
      operator: 'EQUAL',
      elementSecond: two,
      tolerance: null,
      ...extra,
    }) as RuleCondition;
  const filter = (one: RuleCondition['elementOne'], operator: RuleCondition['operator'], value: string) =>
    ({
      sequence: ++seq,
      ruleConditionType: 'FILTER',
      conditionJointType: 'AND',
      primaryCondition: true,
      conditionEnable: true,
      elementOne: one,
      operator,
      elementSecond: constant(value),
      tolerance: null,
    }) as RuleCondition;
  const rule = (name: string, description: string, ruleType: RuleType, build: () => RuleCondition[]) => {
    seq = 0;
    return { name, description, ruleType, conditions: build() };
  };
  const credits = () => filter(A('debit_credit'), 'EQUAL', 'CR');
  return [
    rule('Bank charges', 'Account charges have no settlement: closed with the rule as the reason', 'KNOCK_OFF', () => [
      filter(A('narration'), 'CONTAINS', 'CHARGES'),
    ]),
    rule(
      'Credit returned the same day',
      'A credit and the debit returning it, same UTR, amount and date',
      'SAME_SIDE_REVERSAL',
      () => [
        match(A('utr'), A('utr')),
        match(A('amount'), A('amount')),
        match(A('value_date'), A('value_date')),
        match(A('debit_credit'), A('debit_credit'), { operator: 'NOT_EQUAL' }),
      ],
    ),
    rule('UTR, net amount and settlement date', 'The bank credit of a successful settlement', 'RECONCILED', () => [
      match(A('utr'), B('utr')),
      match(A('amount'), B('net_amount')),
      match(A('value_date'), B('settlement_date')),
      credits(),
      filter(B('status'), 'EQUAL', 'SUCCESS'),
    ]),
    rule('Amount within a paisa', 'Rounding at the bank: same UTR and date, amount ± 0.01', 'RELAX_MATCH', () => [
      match(A('utr'), B('utr')),
      match(A('value_date'), B('settlement_date')),
      match(A('amount'), B('net_amount'), { tolerance: 0.01 }),
      credits(),
    ]),
    rule(
      'Credited a day late',
      'Same UTR and amount, value date one day off: a person accepts or rejects',
      'PROPOSE_MATCH',
      () => [
        match(A('utr'), B('utr')),
        match(A('amount'), B('net_amount'), { tolerance: 0.01 }),
        match(A('value_date'), B('settlement_date'), { tolerance: 1 }),
        credits(),
      ],
    ),
    rule(
      'Batch settlement within a rupee',
      'One bank credit for several settlements under one UTR, their net total short by under a rupee',
      'PARTIAL_RECONCILED',
      () => [
        match(A('utr'), B('utr')),
        match(A('amount'), { ...B('net_amount'), aggregation: 'SUM' }, { tolerance: 1 }),
        credits(),
        filter(B('status'), 'EQUAL', 'SUCCESS'),
      ],
    ),
    rule(
      'Settlement reported twice',
      'A settlement row whose bank credit is already matched (a bank debit is never one: see the next rule)',
      'DUPLICATE_MATCH',
      () => [match(A('utr'), B('utr')), match(A('amount'), B('net_amount'), { tolerance: 0.01 }), credits()],
    ),
    rule(
      'Return after reconciliation',
      'A debit returning a credit that was already reconciled',
      'LATE_REVERSAL',
      () => [
        match(A('utr'), A('utr')),
        match(A('amount'), A('amount')),
        match(A('debit_credit'), A('debit_credit'), { operator: 'NOT_EQUAL' }),
      ],
    ),
  ];
}

export async function seedDemoRules(db: Db, ids: Ids): Promise<void> {
  await withTransaction(db, {}, async ({ db: tx }) => {
    const existing = await tx
      .selectFrom('recon_rule')
      .select('id')
      .where('recon_id', '=', ids.reconId)
      .executeTakeFirst();
    if (existing) return;
    const group =
      (await tx.selectFrom('rule_group').select('id').where('recon_id', '=', ids.reconId).executeTakeFirst()) ??
      (await tx
        .insertInto('rule_group')
        .values({ module_id: ids.moduleId, recon_id: ids.reconId })
        .returning('id')
        .executeTakeFirstOrThrow());
    await tx
      .insertInto('recon_rule')
      .values(
        rules(ids).map((r, i) => ({
          module_id: ids.moduleId,
          recon_id: ids.reconId,
          rule_group_id: group.id,
          name: r.name,
          description: r.description,
          rule_type: r.ruleType,
          sequence: i + 1,
          conditions: JSON.stringify(r.conditions),
        })),
      )
      .execute();
  });
}
