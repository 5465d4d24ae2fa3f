import {
  ACTION_REASON_MAX,
  type TransactionDataSource,
  type TransactionRecon,
  type TransactionRow,
} from '@recon/contract';
import type { TransactionTab } from '@recon/contract/nav';
import { Alert, Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sideLabel } from '@/features/transactions/components/recon-toolbar';
import { humanize } from '@/features/transactions/view-columns';
import { formatCurrency } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { ReasonField } from '@/ui/reason-field';

/** How many references the dialog names before it says how many more there are. */
const REFERENCES_SHOWN = 5;

type Props = {
  open: boolean;
  recon: TransactionRecon;
  dataSource: TransactionDataSource;
  rows: readonly TransactionRow[];
  /** The selection's total of the data source's first money column shown. */
  total: { column: string; sum: string } | null;
  /** The tab the rows were picked on (none from a row's drawer). */
  tab?: TransactionTab;
  isSaving: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
};

/** The column that names a row: the data source's first text column shown (Reference, Transaction ID…). */
const referenceColumn = (d: TransactionDataSource) =>
  d.columns.find((c) => c.isShown && !c.isMoney && c.type === 'VARCHAR')?.name;

/**
 * Knock off one row or many: the dialog repeats what closes (the recon and tab, the side, the count, the total in
 * rupees and the first references); the reason is required and kept with each row (and in the audit log).
 */
export function KnockOffModal({ open, recon, dataSource, rows, total, tab, isSaving, onCancel, onConfirm }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const isMissing = reason.trim() === '';
  const count = rows.length;
  const reference = referenceColumn(dataSource);
  const references = reference ? rows.map((r) => r.values[reference]).filter((v): v is string => !!v) : [];
  const more = references.length - REFERENCES_SHOWN;
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
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'recon',
            label: tab ? t('transactions.knockOff.reconTab') : t('transactions.knockOff.recon'),
            children: tab ? `${recon.name} › ${t(`transactions.tabs.${tab}.title`)}` : recon.name,
          },
          { key: 'side', label: t('transactions.knockOff.side'), children: sideLabel(dataSource) },
          { key: 'rows', label: t('transactions.knockOff.rows'), children: count },
          ...(total
            ? [
                {
                  key: 'total',
                  label: t('transactions.knockOff.total', { column: humanize(total.column) }),
                  children: formatCurrency(total.sum, locale),
                },
              ]
            : []),
          ...(reference && references.length > 0
            ? [
                {
                  key: 'references',
                  label: humanize(reference),
                  children:
                    references.slice(0, REFERENCES_SHOWN).join(', ') +
                    (more > 0 ? ` ${t('transactions.knockOff.moreReferences', { count: more })}` : ''),
                },
              ]
            : []),
        ]}
      />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('transactions.knockOff.warning', { count, dataSource: dataSource.name })}
      />
      <Form layout="vertical">
        <ReasonField
          autoFocus
          label={t('transactions.knockOff.reason')}
          value={reason}
          onChange={setReason}
          rows={3}
          maxLength={ACTION_REASON_MAX}
          placeholder={t('transactions.knockOff.placeholder')}
          requiredMessage={t('transactions.knockOff.reasonRequired')}
          isMissingShown={isTouched && isMissing}
          onBlur={() => setIsTouched(true)}
        />
      </Form>
    </Modal>
  );
}
