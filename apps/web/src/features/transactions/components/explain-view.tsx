import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { ExplainResponse, TransactionRecon } from '@recon/contract';
import { Alert, Card, Collapse, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExplanation } from '@/features/transactions/api/get-explanation';
import { GroupCandidates, GroupDetails } from '@/features/transactions/components/explain-group';
import { StatusBadge } from '@/features/transactions/components/status-badge';
import { describeCondition } from '@/features/transactions/explain-words';
import { httpStatusOf } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';

type Candidate = ExplainResponse['counterparts'][number];
type Condition = Candidate['conditions'][number];

/** Each condition in the tabs' words, with both values formatted as the tabs show them. */
export function ConditionTable({
  recon,
  conditions,
}: {
  recon: TransactionRecon | undefined;
  conditions: readonly Condition[];
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const rows = conditions.map((c) => ({ ...c, words: describeCondition(c.text, recon, t, locale) }));
  return (
    <Table<(typeof rows)[number]>
      size="small"
      rowKey="sequence"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: '',
          key: 'holds',
          width: 36,
          render: (_, c) =>
            c.holds ? (
              <CheckCircleFilled
                aria-label={t('transactions.explain.holds')}
                style={{ color: 'var(--ant-color-success)' }}
              />
            ) : (
              <CloseCircleFilled
                aria-label={t('transactions.explain.fails')}
                style={{ color: 'var(--ant-color-error)' }}
              />
            ),
        },
        { title: t('transactions.explain.condition'), key: 'text', render: (_, c) => c.words.text },
        {
          title: t('transactions.explain.thisRow'),
          key: 'one',
          render: (_, c) => <Typography.Text strong>{c.words.formatOne(c.valueOne)}</Typography.Text>,
        },
        {
          title: t('transactions.explain.otherRow'),
          key: 'two',
          render: (_, c) => <Typography.Text strong>{c.words.formatTwo(c.valueTwo)}</Typography.Text>,
        },
      ]}
    />
  );
}

function sourceName(recon: TransactionRecon | undefined, dataSourceId: number) {
  const ds = recon?.dataSources.find((d) => d.id === dataSourceId);
  return ds ? `${ds.side ?? ''} · ${ds.name}` : String(dataSourceId);
}

function CandidateList({
  recon,
  candidates,
}: {
  recon: TransactionRecon | undefined;
  candidates: readonly Candidate[];
}) {
  const { t } = useTranslation();
  const keyOf = (c: Candidate) => `${c.dataSourceId}:${c.rowId}`;
  // The nearest candidate is open at once: what kept it apart is what a person wants to read first.
  const first = candidates[0];
  return (
    <Collapse
      size="small"
      defaultActiveKey={first ? [keyOf(first)] : []}
      items={candidates.map((c) => ({
        key: keyOf(c),
        label: (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{t('transactions.group.rowId', { id: c.rowId })}</Typography.Text>
            <Typography.Text type="secondary">{sourceName(recon, c.dataSourceId)}</Typography.Text>
            <StatusBadge status={c.status} />
            <Tag color={c.held === c.total ? 'success' : 'default'}>
              {t('transactions.explain.held', { held: c.held, total: c.total })}
            </Tag>
          </Flex>
        ),
        children: <ConditionTable recon={recon} conditions={c.conditions} />,
      }))}
    />
  );
}

/** Why a row is in its state: the rule and counterparts of a matched row, or per rule the nearest candidates. */
export function ExplainView({
  recon,
  dataSourceId,
  rowId,
}: {
  recon: TransactionRecon | undefined;
  dataSourceId: number;
  rowId: number;
}) {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const locale = useNumberLocale();
  const explained = useExplanation(moduleId, recon ? { reconId: recon.id, dataSourceId, rowId } : undefined);
  if (explained.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (explained.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={httpStatusOf(explained.error) === 404 ? t('transactions.explain.unavailable') : t('common.loadFailed')}
      />
    );
  }
  const e = explained.data;
  const me = { dataSourceId: e.dataSourceId, rowId: e.rowId };
  if (e.matchedBy) {
    return (
      <Flex vertical gap={12}>
        <Alert
          type="info"
          showIcon
          title={
            e.matchedBy.name
              ? t('transactions.explain.matchedByRule', { rule: e.matchedBy.name })
              : t('transactions.explain.closedByPerson')
          }
          description={
            e.matchedBy.reason ? t('transactions.explain.reason', { reason: e.matchedBy.reason }) : undefined
          }
        />
        {e.group && (
          <Card size="small" title={t('transactions.explain.groupTitle')}>
            <GroupDetails recon={recon} group={e.group} explained={me} />
          </Card>
        )}
        {e.counterparts.length > 0 ? (
          <CandidateList recon={recon} candidates={e.counterparts} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('transactions.explain.noCounterparts')} />
        )}
      </Flex>
    );
  }
  if (e.rules.length === 0) return <Alert type="info" showIcon title={t('transactions.explain.noRules')} />;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('transactions.explain.openIntro')}</Typography.Text>
      {e.rules.map((rule) => (
        <Card
          key={rule.ruleId}
          size="small"
          title={rule.name}
          extra={<Tag>{t(`transactions.ruleTypes.${rule.ruleType}`, { defaultValue: rule.ruleType })}</Tag>}
        >
          {rule.excludedBy ? (
            <Typography.Text type="secondary">
              {describeCondition(rule.excludedBy, recon, t, locale).text}
            </Typography.Text>
          ) : rule.groups ? (
            rule.groups.length === 0 ? (
              <Typography.Text type="secondary">{t('transactions.explain.noGroups')}</Typography.Text>
            ) : (
              <GroupCandidates recon={recon} groups={rule.groups} explained={me} />
            )
          ) : rule.candidates.length === 0 ? (
            <Typography.Text type="secondary">{t('transactions.explain.noCandidates')}</Typography.Text>
          ) : (
            <CandidateList recon={recon} candidates={rule.candidates} />
          )}
        </Card>
      ))}
    </Flex>
  );
}
