import type { TransactionDataSource } from '@recon/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTransactionCounts } from '@/features/transactions/api/get-transaction-counts';
import type { TransactionsParams } from '@/features/transactions/api/get-transactions';
import { sideLabel } from '@/features/transactions/components/recon-toolbar';
import { useNumberLocale } from '@/lib/number-format';

/** A side's tab: its name and how many of the tab's rows it has in the period (the same for every tab). */
export function SideTabLabel({
  moduleId,
  dataSource,
  params,
}: {
  moduleId: number;
  dataSource: TransactionDataSource;
  params: TransactionsParams | undefined;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const counts = useTransactionCounts(
    moduleId,
    params ?? ({ statuses: [], filters: {} } as unknown as TransactionsParams),
    params !== undefined,
  );
  const total = counts.data?.recordsTotal;
  return (
    <Space size={6}>
      <span>{sideLabel(dataSource)}</span>
      {total !== undefined && (
        <Tag
          bordered={false}
          style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}
          title={t('transactions.period.rowsInPeriod', { total: total.toLocaleString(locale) })}
        >
          {total.toLocaleString(locale)}
        </Tag>
      )}
    </Space>
  );
}
