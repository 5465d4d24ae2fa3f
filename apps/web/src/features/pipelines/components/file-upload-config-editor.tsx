import type { FilePreview, Pipeline, TableColumn } from '@recon/contract';
import { Button, Flex } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreviewSampleFile } from '@/features/pipelines/api/preview-sample-file';
import { useSaveFileUploadConfig } from '@/features/pipelines/api/save-file-upload-config';
import { ColumnMappingCard } from '@/features/pipelines/components/column-mapping-card';
import { FileSettingsCard, type ReadSettingChange } from '@/features/pipelines/components/file-settings-card';
import { SampleFileCard } from '@/features/pipelines/components/sample-file-card';
import { SkipRulesCard } from '@/features/pipelines/components/skip-rules-card';
import { fieldErrorsOf } from '@/features/pipelines/field-errors';
import {
  type ConfigDraft,
  draftProblems,
  emptyRow,
  layoutOf,
  type MappingRow,
  mappingsFromHeader,
  previewSettingsOf,
  toConfigRequest,
  withTableColumn,
} from '@/features/pipelines/file-config-draft';
import { PIPELINES_PATH } from '@/features/pipelines/file-config-status';
import { errorMessagesFor } from '@/lib/http-errors';
import { notifyHttpError } from '@/lib/query-client';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

type Props = {
  pipeline: Pipeline;
  /** The user columns of the pipeline's table. */
  columns: readonly TableColumn[];
  initial: ConfigDraft;
  mode: 'create' | 'update';
};

/** The values of each preview column in the rows that load (skipped rows left out). */
function keptColumns(preview: FilePreview | null): string[][] {
  if (!preview) return [];
  const kept = preview.rows.filter((_, i) => !preview.rowSkips[i]);
  return preview.header.map((_, c) => kept.map((r) => r[c] ?? ''));
}

/** The file-upload config form shared by configure-file-upload (create) and edit-uploaded-file-config (update). */
export function FileUploadConfigEditor({ pipeline, columns, initial, mode }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ConfigDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sample, setSample] = useState<File | null>(null);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  // A new config lets the server sniff the first sample's delimiter until the user picks one.
  const isDelimiterChosen = useRef(mode === 'update');
  // The settings the sample was last read with: a change that leaves them as they are reads nothing again.
  const lastRead = useRef<string | null>(null);
  const previewSample = usePreviewSampleFile();
  const save = useSaveFileUploadConfig();
  const layout = layoutOf(draft);

  const valuesByColumn = useMemo(() => keptColumns(preview), [preview]);
  /** Sample values of a mapping row: by header name, by column number, or by its fixed-width column. */
  const valuesOf = (row: MappingRow, index: number): string[] => {
    if (!preview) return [];
    if (layout === 'position') return valuesByColumn[(row.columnNumber ?? index + 1) - 1] ?? [];
    const at = preview.header.findIndex((h) => h.trim().toLowerCase() === row.fileColumn.trim().toLowerCase());
    return at < 0 ? [] : (valuesByColumn[at] ?? []);
  };

  const patch = (next: Partial<ConfigDraft>) => setDraft((d) => ({ ...d, ...next }));
  const clearError = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _, ...rest } = e;
      return rest;
    });

  const read = (file: File, settingsOf: ConfigDraft) => {
    setPreviewProblem(null);
    const settings = previewSettingsOf(settingsOf);
    lastRead.current = JSON.stringify(settings);
    previewSample.mutate(
      {
        pipelineId: pipeline.id,
        file,
        settings: { ...settings, delimiter: isDelimiterChosen.current ? settings.delimiter : undefined },
      },
      {
        onSuccess: (result) => {
          setPreview(result);
          setErrors({});
          const kept = result.rows.filter((_, i) => !result.rowSkips[i]);
          setDraft((d) => ({
            ...d,
            fileKind: result.fileKind,
            delimiter: (result.delimiter as ConfigDraft['delimiter'] | null) ?? d.delimiter,
            sheetName: result.sheetName,
            headerRow: result.headerRow,
            hasHeader: result.hasHeader,
            // A fixed-width file's columns are the cuts the user places, not something the sample names.
            mappings:
              result.fileKind === 'fixed_width'
                ? d.mappings
                : mappingsFromHeader(result.header, columns, d.mappings, kept, result.hasHeader),
          }));
        },
        onError: async (error) => {
          setPreview(null);
          setPreviewProblem((await errorMessagesFor(error)).join(' ') || t('common.genericError'));
        },
      },
    );
  };

  const onReadSettingChange = (change: ReadSettingChange) => {
    if (change.delimiter !== undefined) isDelimiterChosen.current = true;
    const next = { ...draft, ...change };
    // Another layout names its columns otherwise: the rows of the old one would not fit it.
    if (layoutOf(next) !== layout) next.mappings = [];
    setDraft(next);
    if (sample && JSON.stringify(previewSettingsOf(next)) !== lastRead.current) read(sample, next);
  };

  const onFile = (file: File) => {
    setSample(file);
    // A new workbook has sheets of its own: let the server open its first one.
    read(file, { ...draft, sheetName: null });
  };

  const setRow = (index: number, next: MappingRow | ((row: MappingRow) => MappingRow)) => {
    setDraft((d) => ({
      ...d,
      mappings: d.mappings.map((row, i) => (i === index ? (typeof next === 'function' ? next(row) : next) : row)),
    }));
    for (const field of ['fileColumn', 'tableColumn', 'dataType', 'dateFormat', 'start', 'columnNumber'])
      clearError(`mappings.${index}.${field}`);
  };

  const onSave = () => {
    const problems = draftProblems(draft);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      showErrorToast([problems[0]?.message ?? '']);
      return;
    }
    setErrors({});
    save.mutate(
      { pipelineId: pipeline.id, mode, body: toConfigRequest(draft) },
      {
        onSuccess: () => {
          showSuccessToast(mode === 'create' ? t('pipelines.config.created') : t('pipelines.config.updated'));
          navigate(PIPELINES_PATH);
        },
        onError: (error) => {
          setErrors(Object.fromEntries(fieldErrorsOf(error).map((e) => [e.field, e.defaultMessage])));
          void notifyHttpError(error);
        },
      },
    );
  };

  return (
    <>
      <FileSettingsCard
        draft={draft}
        sheetNames={preview?.sheetNames ?? []}
        errors={errors}
        onChange={(next) => {
          patch(next);
          for (const key of Object.keys(next)) clearError(key);
          if (next.connection) for (const key of Object.keys(next.connection)) clearError(`connection.${key}`);
        }}
        onReadSettingChange={onReadSettingChange}
      />
      <SampleFileCard
        preview={preview}
        isLoading={previewSample.isPending}
        problem={previewProblem}
        onFile={onFile}
        onRefresh={sample ? () => read(sample, draft) : undefined}
      />
      <SkipRulesCard
        rules={draft.skipRules}
        fileColumns={draft.mappings.map((m) => m.fileColumn.trim()).filter(Boolean)}
        errors={errors}
        onChange={(skipRules) => {
          patch({ skipRules });
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('skipRules'))));
        }}
      />
      <ColumnMappingCard
        layout={layout}
        rows={draft.mappings}
        columns={columns}
        samples={draft.mappings.map((row, i) => valuesOf(row, i))}
        errors={errors}
        onRowChange={setRow}
        onTableColumn={(index, column) => {
          setRow(index, (row) => withTableColumn(row, column, valuesOf(row, index)));
          clearError('mappings');
        }}
        onAdd={() => patch({ mappings: [...draft.mappings, emptyRow()] })}
        onRemove={(index) => {
          patch({ mappings: draft.mappings.filter((_, i) => i !== index) });
          setErrors({});
        }}
      />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={() => navigate(PIPELINES_PATH)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={onSave}>
          {t('common.save')}
        </Button>
      </Flex>
    </>
  );
}
