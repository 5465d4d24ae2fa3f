import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** "No Data available", the product's empty list. */
export function EmptyState() {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
}
