import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** "No Data available", the product's empty list; `description` says more where the list has its own words. */
export function EmptyState({ description }: { description?: ReactNode } = {}) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('common.noData')} />;
}
