import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnFilterValue } from '@/features/transactions/api/get-transactions';
import { describeFilter } from '@/features/transactions/components/column-filter';

type Props = {
  filters: Readonly<Record<string, ColumnFilterValue>>;
  titleOf: (column: string) => string;
  onRemove: (column: string) => void;
  onClear: () => void;
};

/** The column filters in force, each removable, so nobody wonders why rows are missing. */
export function FilterChips({ filters, titleOf, onRemove, onClear }: Props) {
  const { t } = useTranslation();
  const entries = Object.entries(filters);
  if (entries.length === 0) return null;
  return (
    <Flex gap={6} wrap align="center">
      {entries.map(([column, f]) => (
        <Tag key={column} closable color="blue" onClose={() => onRemove(column)}>
          {describeFilter(titleOf(column), f)}
        </Tag>
      ))}
      <Button size="small" type="link" onClick={onClear}>
        {t('transactions.filter.clearAll')}
      </Button>
    </Flex>
  );
}
