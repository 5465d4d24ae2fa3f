import type { DataElement, DataSourceRow, ReconRow, RuleDetail, RuleSummary } from '@recon/contract';

/** Server answers of the demo shape (module 1, the test module), shared by this feature's tests. */
export const RECON: ReconRow = {
  id: 5,
  name: 'Bank vs Gateway',
  description: '',
  dataSourceCount: 2,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
};

const source = (id: number, name: string, sequence: number): DataSourceRow => ({
  id,
  name,
  recon: { id: RECON.id, name: RECON.name },
  pipeline: { id: 30 + id, name: `${name} Upload` },
  table: `m1_${name.toLowerCase().replace(' ', '_')}`,
  sequence,
  isActive: true,
  dataElementCount: 2,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
});
export const SIDE_A = source(11, 'Bank Statement', 1);
export const SIDE_B = source(12, 'Gateway Settlement', 2);

const element = (id: number, name: string, type: DataElement['type']): DataElement => ({
  id,
  name,
  inputType: 'text',
  type,
  active: true,
  sequence: id,
});
export const ELEMENTS_A: DataElement[] = [
  element(1, 'reference', 'VARCHAR'),
  element(2, 'amount', 'DOUBLE'),
  element(3, 'debit_credit', 'VARCHAR'),
];
export const ELEMENTS_B: DataElement[] = [element(4, 'order_id', 'VARCHAR'), element(5, 'gross_amount', 'DOUBLE')];

export const RULES: RuleSummary[] = [
  {
    id: 71,
    reconId: RECON.id,
    name: 'Exact reference',
    description: 'Reference and amount',
    ruleType: 'RECONCILED',
    sequence: 1,
    enabled: true,
    conditionCount: 2,
    updatedAt: '2026-11-21T10:00:00Z',
  },
  {
    id: 72,
    reconId: RECON.id,
    name: 'Bank charges',
    description: '',
    ruleType: 'KNOCK_OFF',
    sequence: 2,
    enabled: true,
    conditionCount: 1,
    updatedAt: '2026-11-21T10:00:00Z',
  },
];

export function ruleDetail(overrides: Partial<RuleDetail> = {}): RuleDetail {
  return {
    ...(RULES[0] as RuleSummary),
    reconName: RECON.name,
    ruleGroupId: 9,
    createdAt: '2026-11-21T10:00:00Z',
    conditions: [],
    ...overrides,
  };
}
