import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Radio, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type JobPipeline,
  newRegexRow,
  type RegexRow,
  type SettingsDraft,
  VALIDATION_MODES,
} from '@/features/jobs/settings-draft';
import { AppSelect } from '@/ui/app-select';

type Props = { draft: SettingsDraft; pipelines: readonly JobPipeline[]; onChange: (next: SettingsDraft) => void };

/** Mandatory file validation: per pipeline a file-name regex, with a date pattern and a cycle regex by mode. */
export function FileValidationSection({ draft, pipelines, onChange }: Props) {
  const { t } = useTranslation();
  const needsDate = draft.validationMode !== 'FILE_NAME';
  const needsCycle = draft.validationMode === 'NAME_DATE_AND_CYCLE';
  const setRow = (key: string, patch: Partial<RegexRow>) =>
    onChange({ ...draft, regexRows: draft.regexRows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  return (
    <Card
      title={t('jobs.settings.validation')}
      extra={
        <Switch
          aria-label={t('jobs.settings.validation')}
          checked={draft.isValidationActive}
          onChange={(isValidationActive) => onChange({ ...draft, isValidationActive })}
        />
      }
      style={{ marginBottom: 16 }}
    >
      {draft.isValidationActive ? (
        <>
          <Radio.Group
            aria-label={t('jobs.settings.validationMode')}
            value={draft.validationMode}
            options={VALIDATION_MODES.map((mode) => ({ value: mode, label: t(`jobs.settings.modes.${mode}`) }))}
            onChange={(e) => onChange({ ...draft, validationMode: e.target.value })}
            style={{ marginBottom: 12 }}
          />
          <Table<RegexRow>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={draft.regexRows}
            locale={{ emptyText: t('jobs.settings.noRegexRows') }}
            scroll={{ x: 760 }}
            columns={[
              {
                title: t('jobs.settings.pipeline'),
                key: 'pipeline',
                width: 220,
                render: (_, row, index) => (
                  <AppSelect<number>
                    aria-label={`${t('jobs.settings.pipeline')} ${index + 1}`}
                    style={{ width: '100%' }}
                    value={row.pipelineId ?? undefined}
                    options={pipelines.map((p) => ({ value: p.id, label: p.name }))}
                    onChange={(pipelineId) => setRow(row.key, { pipelineId: pipelineId ?? null })}
                  />
                ),
              },
              {
                title: t('jobs.settings.fileNameRegex'),
                key: 'fileNameRegex',
                render: (_, row, index) => (
                  <Input
                    aria-label={`${t('jobs.settings.fileNameRegex')} ${index + 1}`}
                    placeholder="^bank_statement_.*\.csv$"
                    style={{ fontFamily: 'monospace' }}
                    value={row.fileNameRegex}
                    onChange={(e) => setRow(row.key, { fileNameRegex: e.target.value })}
                  />
                ),
              },
              ...(needsDate
                ? [
                    {
                      title: t('jobs.settings.datePattern'),
                      key: 'datePattern',
                      width: 170,
                      render: (_: unknown, row: RegexRow, index: number) => (
                        <Input
                          aria-label={`${t('jobs.settings.datePattern')} ${index + 1}`}
                          placeholder="DDMMYYYY"
                          value={row.datePattern}
                          onChange={(e) => setRow(row.key, { datePattern: e.target.value })}
                        />
                      ),
                    },
                  ]
                : []),
              ...(needsCycle
                ? [
                    {
                      title: t('jobs.settings.dataCycleRegex'),
                      key: 'dataCycleRegex',
                      width: 190,
                      render: (_: unknown, row: RegexRow, index: number) => (
                        <Input
                          aria-label={`${t('jobs.settings.dataCycleRegex')} ${index + 1}`}
                          placeholder="_(\d)C_"
                          style={{ fontFamily: 'monospace' }}
                          value={row.dataCycleRegex}
                          onChange={(e) => setRow(row.key, { dataCycleRegex: e.target.value })}
                        />
                      ),
                    },
                  ]
                : []),
              {
                title: '',
                key: 'remove',
                width: 48,
                render: (_, row, index) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('jobs.settings.removeRow')} ${index + 1}`}
                    onClick={() => onChange({ ...draft, regexRows: draft.regexRows.filter((r) => r.key !== row.key) })}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            style={{ marginTop: 12 }}
            onClick={() => onChange({ ...draft, regexRows: [...draft.regexRows, newRegexRow()] })}
          >
            {t('jobs.settings.addRegexRow')}
          </Button>
        </>
      ) : (
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('jobs.settings.validationOff')}</span>
      )}
    </Card>
  );
}
