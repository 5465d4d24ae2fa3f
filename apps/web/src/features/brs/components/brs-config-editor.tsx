import {
  BRS_BALANCE_MODES,
  BRS_GROUPS,
  type BrsBalanceMode,
  type BrsConfig,
  type BrsConfigSave,
  type BrsDataSources,
  type BrsRule,
} from '@recon/contract';
import { Button, Card, Col, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrsDataSources, useSaveBrsConfig } from '@/features/brs/api/brs-api';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

type SideValues = {
  dataSourceId?: number;
  amountColumn?: string;
  drCrColumn?: string;
  debitValues?: string[];
  dateColumn?: string;
  narrationColumn?: string;
  instrumentColumn?: string;
  balanceMode?: BrsBalanceMode;
  balanceColumn?: string;
  openingBalance?: string;
};
type RuleValues = {
  side?: BrsRule['side'];
  direction?: 'IN' | 'OUT' | 'ANY';
  narrationPattern?: string;
  instrumentPattern?: string;
  group?: BrsRule['group'];
};
type Values = { name?: string; bank?: SideValues; books?: SideValues; rules?: RuleValues[] };
type SourceOption = BrsDataSources['data'][number];
type SideKey = 'bank' | 'books';

const orUndefined = (v: string | null) => v ?? undefined;

function toValues(config: BrsConfig | null): Values {
  if (!config)
    return {
      name: '',
      bank: { balanceMode: 'COLUMN', debitValues: ['DR'] },
      books: { balanceMode: 'SUM', debitValues: ['DR'], openingBalance: '0.00' },
      rules: [],
    };
  const side = (s: BrsConfig['bank']): SideValues => ({
    dataSourceId: s.dataSourceId,
    amountColumn: s.amountColumn,
    drCrColumn: orUndefined(s.drCrColumn),
    debitValues: s.debitValues,
    dateColumn: s.dateColumn,
    narrationColumn: orUndefined(s.narrationColumn),
    instrumentColumn: orUndefined(s.instrumentColumn),
    balanceMode: s.balanceMode,
    balanceColumn: orUndefined(s.balanceColumn),
    openingBalance: orUndefined(s.openingBalance),
  });
  return {
    name: config.name,
    bank: side(config.bank),
    books: side(config.books),
    rules: config.rules.map((r) => ({
      side: r.side,
      direction: r.direction ?? 'ANY',
      narrationPattern: orUndefined(r.narrationPattern),
      instrumentPattern: orUndefined(r.instrumentPattern),
      group: r.group,
    })),
  };
}

function sideBody(v: SideValues | undefined): BrsConfigSave['bank'] {
  return {
    dataSourceId: v?.dataSourceId ?? 0,
    amountColumn: v?.amountColumn ?? '',
    drCrColumn: v?.drCrColumn || null,
    debitValues: v?.drCrColumn ? (v?.debitValues ?? []) : [],
    dateColumn: v?.dateColumn || null,
    narrationColumn: v?.narrationColumn || null,
    instrumentColumn: v?.instrumentColumn || null,
    balanceMode: v?.balanceMode ?? 'COLUMN',
    balanceColumn: v?.balanceColumn || null,
    openingBalance: v?.openingBalance?.trim() || null,
  };
}

function toBody(v: Values): BrsConfigSave {
  return {
    name: v.name ?? '',
    bank: sideBody(v.bank),
    books: sideBody(v.books),
    rules: (v.rules ?? []).map((r) => ({
      side: r.side ?? 'BANK',
      direction: r.direction && r.direction !== 'ANY' ? r.direction : null,
      narrationPattern: r.narrationPattern?.trim() || null,
      instrumentPattern: r.instrumentPattern?.trim() || null,
      group: r.group ?? 'OTHER',
    })),
  };
}

function SideFields({ side, sources }: { side: SideKey; sources: SourceOption[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const picked = Form.useWatch([side, 'dataSourceId'], form);
  const mode = Form.useWatch([side, 'balanceMode'], form);
  const drCr = Form.useWatch([side, 'drCrColumn'], form);
  const columns = sources.find((s) => s.dataSourceId === picked)?.columns ?? [];
  const all = columns.map((c) => ({ value: c.name, label: c.name }));
  const amounts = columns.filter((c) => c.isAmount).map((c) => ({ value: c.name, label: c.name }));
  const dates = columns
    .filter((c) => c.dataType === 'DATE' || c.dataType === 'DATETIME')
    .map((c) => ({ value: c.name, label: c.name }));
  const col = (
    name: keyof SideValues,
    label: string,
    options: { value: string; label: string }[],
    extra?: string,
    placeholder?: string,
  ) => (
    <Col span={8}>
      <Form.Item name={[side, name]} label={label} extra={extra}>
        <Select allowClear showSearch options={options} placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
  return (
    <Card size="small" title={t(side === 'bank' ? 'brs.bankSide' : 'brs.booksSide')} style={{ marginBottom: 12 }}>
      <Row gutter={12}>
        <Col span={16}>
          <Form.Item name={[side, 'dataSourceId']} label={t('brs.dataSource')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={sources.map((s) => ({ value: s.dataSourceId, label: `${s.name} (${s.reconName})` }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={[side, 'amountColumn']} label={t('brs.amountColumn')} rules={[{ required: true }]}>
            <Select showSearch options={amounts} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        {col('drCrColumn', t('brs.drCrColumn'), all, t('brs.drCrHelp'))}
        <Col span={8}>
          <Form.Item name={[side, 'debitValues']} label={t('brs.debitValues')}>
            <Select mode="tags" disabled={!drCr} tokenSeparators={[',']} open={false} suffixIcon={null} />
          </Form.Item>
        </Col>
        {col('dateColumn', t('brs.dateColumn'), dates, undefined, t('brs.dateDefault'))}
      </Row>
      <Row gutter={12}>
        {col('narrationColumn', t('brs.narrationColumn'), all)}
        {col('instrumentColumn', t('brs.instrumentColumn'), all)}
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name={[side, 'balanceMode']} label={t('brs.balanceMode')}>
            <Select options={BRS_BALANCE_MODES.map((m) => ({ value: m, label: t(`brs.mode${m}`) }))} />
          </Form.Item>
        </Col>
        {mode === 'COLUMN' && col('balanceColumn', t('brs.balanceColumn'), amounts)}
        {mode === 'SUM' && (
          <Col span={8}>
            <Form.Item name={[side, 'openingBalance']} label={t('brs.openingBalance')}>
              <Input inputMode="decimal" style={{ textAlign: 'right' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Card>
  );
}

/** Create or edit a BRS configuration: the bank statement and the books, their balances, and the grouping rules. */
export function BrsConfigEditor({
  moduleId,
  config,
  open,
  onClose,
  onSaved,
}: {
  moduleId: number;
  config: BrsConfig | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: BrsConfig) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sources = useBrsDataSources(moduleId, open);
  const save = useSaveBrsConfig(moduleId);
  useEffect(() => {
    if (open) form.setFieldsValue(toValues(config));
    else form.resetFields();
  }, [open, config, form]);

  const submit = async (values: Values) => {
    const done: { saved?: BrsConfig } = {};
    const problems = await saveWithFieldErrors(async () => {
      done.saved = await save.mutateAsync({ id: config?.id ?? null, body: toBody(values) });
    });
    if (problems) {
      // A side's or the rules' problem names the whole part: a toast; the name's under its field.
      form.setFields(problems.filter((p) => p.name[0] === 'name') as Parameters<typeof form.setFields>[0]);
      const others = problems.filter((p) => p.name[0] !== 'name');
      if (others.length > 0) showErrorToast(others.flatMap((p) => p.errors));
      return;
    }
    showSuccessToast(config ? t('brs.updated') : t('brs.created'));
    if (done.saved) onSaved(done.saved);
    onClose();
  };
  const options = sources.data?.data ?? [];

  return (
    <Drawer
      title={config ? t('brs.editTitle', { name: config.name }) : t('brs.newTitle')}
      open={open}
      onClose={onClose}
      width={1000}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('brs.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label={t('brs.name')} rules={[{ required: true, message: t('brs.nameRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <SideFields side="books" sources={options} />
        <SideFields side="bank" sources={options} />
        <Typography.Title level={5}>{t('brs.rules')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('brs.rulesHelp')}</Typography.Paragraph>
        <Form.List name="rules">
          {(rules, { add, remove }) => (
            <>
              {rules.map((r) => (
                <Flex key={r.key} gap={8} align="baseline" wrap={false}>
                  <Form.Item name={[r.name, 'side']} style={{ width: 95 }}>
                    <Select
                      aria-label={t('brs.ruleSide')}
                      options={[
                        { value: 'BOOKS', label: t('brs.sideBOOKS') },
                        { value: 'BANK', label: t('brs.sideBANK') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'direction']} style={{ width: 150 }}>
                    <Select
                      aria-label={t('brs.direction')}
                      options={(['ANY', 'IN', 'OUT'] as const).map((d) => ({
                        value: d,
                        label: d === 'ANY' ? t('brs.directionAny') : t(`brs.direction${d}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'narrationPattern']} style={{ flex: 1 }}>
                    <Input aria-label={t('brs.narrationPattern')} placeholder={t('brs.narrationPattern')} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'instrumentPattern']} style={{ flex: 1 }}>
                    <Input aria-label={t('brs.instrumentPattern')} placeholder={t('brs.instrumentPattern')} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'group']} style={{ width: 230 }}>
                    <Select
                      aria-label={t('brs.group')}
                      options={BRS_GROUPS.map((g) => ({ value: g, label: t(`brs.groups.${g}`) }))}
                    />
                  </Form.Item>
                  <Button type="link" danger onClick={() => remove(r.name)}>
                    {t('brs.remove')}
                  </Button>
                </Flex>
              ))}
              <Button type="dashed" onClick={() => add({ side: 'BANK', direction: 'ANY', group: 'OTHER' })}>
                {t('brs.addRule')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
