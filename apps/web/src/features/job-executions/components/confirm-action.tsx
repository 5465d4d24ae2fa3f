import { Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  description?: ReactNode;
  isDanger?: boolean;
  onConfirm: () => Promise<unknown>;
  children: ReactElement;
};

/** The spec's confirmation: a warning, "Are you sure?", Cancel and Confirm; Confirm waits for the call. */
export function ConfirmAction({ description, isDanger = false, onConfirm, children }: Props) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('jobExecutions.confirmTitle')}
      description={description}
      okText={t('jobExecutions.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: isDanger }}
      // A failed call already showed its toast; the dialog closes either way.
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      {children}
    </Popconfirm>
  );
}
