import { Alert, Button, Card, Flex, Form, InputNumber, Segmented, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMappedRow } from '@/features/transactions/api/get-mapped-row';
import { useTransactionRecons } from '@/features/transactions/api/get-transaction-recons';
import { ExplainView } from '@/features/transactions/components/explain-view';
import { GroupView, RowCard } from '@/features/transactions/components/group-view';
import { sideLabel } from '@/features/transactions/components/recon-toolbar';
import { httpStatusOf } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Transactions › Mapped Row (/transactions/mapped-row?reconId&dataSourceId&rowId): one row and the rows it is
 * matched with, side by side, and why. Without a row in the address, a person picks the recon, side and row id.
 */
export default function MappedRowPage() {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const [search, setSearch] = useSearchParams();
  const asked = {
    reconId: positive(search.get('reconId')),
    dataSourceId: positive(search.get('dataSourceId')),
    rowId: positive(search.get('rowId')),
  };
  const complete =
    asked.reconId !== undefined && asked.dataSourceId !== undefined && asked.rowId !== undefined
      ? { reconId: asked.reconId, dataSourceId: asked.dataSourceId, rowId: asked.rowId }
      : undefined;
  const recons = useTransactionRecons(moduleId);
  const mapped = useMappedRow(moduleId, complete);
  const [reconId, setReconId] = useState(asked.reconId);
  const [dataSourceId, setDataSourceId] = useState(asked.dataSourceId);
  const [rowId, setRowId] = useState<number | null>(asked.rowId ?? null);
  const pickedRecon = recons.data?.find((r) => r.id === reconId) ?? recons.data?.[0];
  const pickedSource = pickedRecon?.dataSources.find((d) => d.id === dataSourceId) ?? pickedRecon?.dataSources[0];
  const recon = recons.data?.find((r) => r.id === asked.reconId);

  const picker = (
    <Card style={{ marginBottom: 12 }}>
      <Form
        layout="inline"
        onFinish={() => {
          if (pickedRecon && pickedSource && rowId)
            setSearch({ reconId: String(pickedRecon.id), dataSourceId: String(pickedSource.id), rowId: String(rowId) });
        }}
      >
        <Form.Item label={t('transactions.toolbar.recon')}>
          <AppSelect<number>
            aria-label={t('transactions.toolbar.recon')}
            allowClear={false}
            style={{ minWidth: 240 }}
            loading={recons.isPending}
            value={pickedRecon?.id}
            onChange={(id) => {
              setReconId(id);
              setDataSourceId(undefined);
            }}
            options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        {pickedRecon && pickedRecon.dataSources.length > 0 && (
          <Form.Item label={t('transactions.toolbar.dataSource')}>
            <Segmented<number>
              value={pickedSource?.id}
              onChange={setDataSourceId}
              options={pickedRecon.dataSources.map((d) => ({ value: d.id, label: sideLabel(d) }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('transactions.mappedRow.rowId')}>
          <InputNumber<number>
            aria-label={t('transactions.mappedRow.rowId')}
            min={1}
            precision={0}
            value={rowId}
            onChange={setRowId}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!pickedSource || !rowId}>
          {t('transactions.mappedRow.show')}
        </Button>
      </Form>
    </Card>
  );

  const result = () => {
    if (!complete) return <Alert type="info" showIcon title={t('transactions.mappedRow.pick')} />;
    if (mapped.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (mapped.isError) {
      return httpStatusOf(mapped.error) === 404 ? (
        <Alert type="warning" showIcon title={t('transactions.mappedRow.notFound')} />
      ) : (
        <QueryError onRetry={() => void mapped.refetch()} />
      );
    }
    const { row, group } = mapped.data;
    const dataSource = recon?.dataSources.find((d) => d.id === row.dataSourceId);
    return (
      <Card>
        <Tabs
          items={[
            {
              key: 'group',
              label: group ? t('transactions.group.tab') : t('transactions.group.row'),
              children: group ? (
                <GroupView
                  recon={recon}
                  rows={group.rows}
                  focusRowId={{ dataSourceId: row.dataSourceId, rowId: row.id }}
                />
              ) : (
                <Flex vertical gap={12} style={{ maxWidth: 560 }}>
                  <Alert type="info" showIcon title={t('transactions.group.notMatched')} />
                  <RowCard row={row} dataSource={dataSource} />
                </Flex>
              ),
            },
            {
              key: 'explain',
              label: t('transactions.explain.tab'),
              children: <ExplainView recon={recon} dataSourceId={row.dataSourceId} rowId={row.id} />,
            },
          ]}
        />
      </Card>
    );
  };

  return (
    <>
      <PageHeader title={t('transactions.mappedRow.title')} description={t('transactions.mappedRow.description')} />
      {picker}
      {result()}
    </>
  );
}
