import { describeRejectionReason, type FileRejection, type SkippedCount } from '@recon/contract';
import { Collapse, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

/** Rows the config's skip rules took out of a file, by rule: "Rows at the bottom — 2". */
export function SkippedRows({ skipped }: { skipped: readonly SkippedCount[] | undefined }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  if (!skipped || skipped.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>{t('fileOutcome.skippedTitle')}</Typography.Text>
      <ul aria-label={t('fileOutcome.skippedTitle')} style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {skipped.map((s) => (
          <li key={s.reason}>
            <span>{s.reason}</span>
            <Typography.Text type="secondary">{` — ${formatNumber(s.count, locale, 0)}`}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

type RejectedRow = FileRejection['firstRows'][number];

/**
 * Why a file's rows failed, kept even when nothing of it loaded: one line per column and problem with its count
 * and sample values ("posted_date: 628 rows not a valid date in format YYYY-MM-DD, e.g. '01.03.2026'"), then the
 * first failing rows with their reasons and values.
 */
export function RejectionSummary({ rejection }: { rejection: FileRejection | null | undefined }) {
  const { t } = useTranslation();
  if (!rejection || rejection.reasons.length === 0) return null;
  const columns = Object.keys(rejection.firstRows[0]?.values ?? {});
  return (
    <div>
      <Typography.Text strong>{t('fileOutcome.reasonsTitle')}</Typography.Text>
      <ul aria-label={t('fileOutcome.reasonsTitle')} style={{ margin: '4px 0 8px', paddingInlineStart: 20 }}>
        {rejection.reasons.map((r) => (
          <li key={`${r.column}:${r.problem}`}>
            <Typography.Text type="danger">{describeRejectionReason(r)}</Typography.Text>
          </li>
        ))}
      </ul>
      {rejection.firstRows.length > 0 && (
        <Collapse
          size="small"
          items={[
            {
              key: 'rows',
              label: t('fileOutcome.firstRows', { count: rejection.firstRows.length }),
              children: (
                <Table<RejectedRow>
                  size="small"
                  rowKey="rowNo"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={rejection.firstRows}
                  columns={[
                    { title: t('fileOutcome.rowNo'), dataIndex: 'rowNo', key: 'rowNo', width: 70 },
                    {
                      title: t('fileOutcome.reasons'),
                      key: 'reasons',
                      render: (_, row) => row.reasons.join('; '),
                    },
                    ...columns.map((c) => ({
                      title: c,
                      key: `v:${c}`,
                      render: (_: unknown, row: RejectedRow) => row.values[c] ?? '',
                    })),
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
