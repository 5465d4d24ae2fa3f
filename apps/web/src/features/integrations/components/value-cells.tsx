import { LockOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/ui/status-tag';

/** A write-only secret in a list: a mask when one is stored, never the value (the answer does not hold it). */
export function MaskedSecret({ isStored }: { isStored: boolean }) {
  const { t } = useTranslation();
  if (!isStored) return <Typography.Text type="secondary">{t('integrations.secretMissing')}</Typography.Text>;
  return (
    <Typography.Text type="secondary" aria-label={t('integrations.secretStored')}>
      <LockOutlined /> ••••••••
    </Typography.Text>
  );
}

export function ActiveTag({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusTag
      status={isActive ? 'ACTIVE' : 'INACTIVE'}
      label={isActive ? t('integrations.active') : t('integrations.inactive')}
    />
  );
}
