import { ACTION_REASON_MAX } from '@recon/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  count: number;
  dataSourceName: string;
  isSaving: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** Knock off one row or many: the reason is required and kept with each row (and in the audit log). */
export function KnockOffModal({ open, count, dataSourceName, isSaving, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const isMissing = reason.trim() === '';
  return (
    <Modal
      open={open}
      title={t('transactions.knockOff.title', { count })}
      okText={t('transactions.knockOff.confirm', { count })}
      okButtonProps={{ danger: true, disabled: isMissing, loading: isSaving }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => onConfirm(reason.trim())}
      afterClose={() => {
        setReason('');
        setIsTouched(false);
      }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('transactions.knockOff.warning', { count, dataSource: dataSourceName })}
      />
      <Form layout="vertical">
        <Form.Item
          label={t('transactions.knockOff.reason')}
          required
          validateStatus={isTouched && isMissing ? 'error' : undefined}
          help={isTouched && isMissing ? t('transactions.knockOff.reasonRequired') : undefined}
        >
          <Input.TextArea
            autoFocus
            aria-label={t('transactions.knockOff.reason')}
            rows={3}
            maxLength={ACTION_REASON_MAX}
            showCount
            value={reason}
            placeholder={t('transactions.knockOff.placeholder')}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setIsTouched(true)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
