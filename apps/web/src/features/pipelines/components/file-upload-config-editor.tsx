import type { FilePreview, Pipeline, TableColumn } from '@recon/contract';
import { Button, Flex } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreviewSampleFile } from '@/features/pipelines/api/preview-sample-file';
import { useSaveFileUploadConfig } from '@/features/pipelines/api/save-file-upload-config';
import { ColumnMappingCard } from '@/features/pipelines/components/column-mapping-card';
import { FileSettingsCard } from '@/features/pipelines/components/file-settings-card';
import { SampleFileCard } from '@/features/pipelines/components/sample-file-card';
import { fieldErrorsOf } from '@/features/pipelines/field-errors';
import {
  type ConfigDraft,
  draftProblems,
  type MappingRow,
  mappingsFromHeader,
  newRowKey,
  toConfigRequest,
  withTableColumn,
} from '@/features/pipelines/file-config-draft';
import { PIPELINES_PATH } from '@/features/pipelines/file-config-status';
import { errorMessagesFor } from '@/lib/http-errors';
import { notifyHttpError } from '@/lib/query-client';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

type ReadSettings = Pick<ConfigDraft, 'delimiter' | 'headerRow' | 'sheetName'>;
type Props = {
  pipeline: Pipeline;
  /** The user columns of the pipeline's table. */
  columns: readonly TableColumn[];
  initial: ConfigDraft;
  mode: 'create' | 'update';
};

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
  const lastRead = useRef<ReadSettings | null>(null);
  const previewSample = usePreviewSampleFile();
  const save = useSaveFileUploadConfig();

  const valuesByColumn = useMemo(() => {
    const map = new Map<string, string[]>();
    preview?.header.forEach((name, i) => {
      map.set(
        name.trim().toLowerCase(),
        preview.rows.map((r) => r[i] ?? ''),
      );
    });
    return map;
  }, [preview]);
  const valuesOf = (row: MappingRow) => valuesByColumn.get(row.fileColumn.trim().toLowerCase()) ?? [];

  const patch = (next: Partial<ConfigDraft>) => setDraft((d) => ({ ...d, ...next }));
  const clearError = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _, ...rest } = e;
      return rest;
    });

  const read = (file: File, settings: ReadSettings) => {
    lastRead.current = settings;
    setPreviewProblem(null);
    previewSample.mutate(
      {
        pipelineId: pipeline.id,
        file,
        delimiter: isDelimiterChosen.current ? settings.delimiter : undefined,
        headerRow: settings.headerRow,
        sheetName: settings.sheetName,
      },
      {
        onSuccess: (result) => {
          setPreview(result);
          setErrors({});
          setDraft((d) => ({
            ...d,
            fileKind: result.fileKind,
            delimiter: (result.delimiter as ConfigDraft['delimiter'] | null) ?? d.delimiter,
            sheetName: result.sheetName,
            headerRow: result.headerRow,
            mappings: mappingsFromHeader(result.header, columns, d.mappings, result.rows),
          }));
        },
        onError: async (error) => {
          setPreview(null);
          setPreviewProblem((await errorMessagesFor(error)).join(' ') || t('common.genericError'));
        },
      },
    );
  };

  const onReadSettingChange = (change: Partial<ReadSettings>) => {
    if (change.delimiter !== undefined) isDelimiterChosen.current = true;
    const settings: ReadSettings = {
      delimiter: change.delimiter ?? draft.delimiter,
      headerRow: change.headerRow ?? draft.headerRow,
      sheetName: change.sheetName !== undefined ? change.sheetName : draft.sheetName,
    };
    patch(change);
    const last = lastRead.current;
    const isSame =
      last !== null &&
      last.delimiter === settings.delimiter &&
      last.headerRow === settings.headerRow &&
      last.sheetName === settings.sheetName;
    if (sample && !isSame) read(sample, settings);
  };

  const onFile = (file: File) => {
    setSample(file);
    // A new workbook has sheets of its own: let the server open its first one.
    read(file, { delimiter: draft.delimiter, headerRow: draft.headerRow, sheetName: null });
  };

  const setRow = (index: number, next: MappingRow | ((row: MappingRow) => MappingRow)) => {
    setDraft((d) => ({
      ...d,
      mappings: d.mappings.map((row, i) => (i === index ? (typeof next === 'function' ? next(row) : next) : row)),
    }));
    for (const field of ['fileColumn', 'tableColumn', 'dataType', 'dateFormat'])
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
      <SampleFileCard preview={preview} isLoading={previewSample.isPending} problem={previewProblem} onFile={onFile} />
      <ColumnMappingCard
        rows={draft.mappings}
        columns={columns}
        samples={draft.mappings.map((row) => valuesOf(row).find((v) => v.trim()) ?? '')}
        errors={errors}
        onRowChange={setRow}
        onTableColumn={(index, column) => {
          setRow(index, (row) => withTableColumn(row, column, valuesOf(row)));
          clearError('mappings');
        }}
        onAdd={() =>
          patch({
            mappings: [
              ...draft.mappings,
              {
                key: newRowKey(),
                fileColumn: '',
                tableColumn: null,
                dataType: null,
                dateFormat: null,
                isRequired: false,
              },
            ],
          })
        }
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
