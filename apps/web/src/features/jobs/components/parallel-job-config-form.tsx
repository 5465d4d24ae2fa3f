import {
  PARALLEL_JOB_CONFIG_NAME_MAX,
  PARALLEL_JOB_CONFIG_TYPES,
  type ParallelJobConfig,
  type ParallelJobConfigSave,
  type ParallelJobConfigType,
  validateParallelJobConfig,
} from '@recon/contract';
import { PARALLEL_JOB_CONFIG_TEXTS } from '@recon/contract/texts';
import { Button, Col, Flex, Form, Input, Radio, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateParallelJobConfig } from '@/features/jobs/api/create-parallel-job-config';
import { useUpdateParallelJobConfig } from '@/features/jobs/api/update-parallel-job-config';
import { useModuleSelection } from '@/lib/module-context';
import { useJobsFromAllModules } from '@/lib/reads/jobs';
import { showErrorToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

type Values = { configName: string; configType: ParallelJobConfigType; configIds: number[] };

function valuesOf(config: ParallelJobConfig | null): Values {
  if (!config) return { configName: '', configType: 'JOB', configIds: [] };
  return { configName: config.configName, configType: config.configType, configIds: [...config.configIds] };
}

function isSame(a: Values, b: Values): boolean {
  return (
    a.configName === b.configName &&
    a.configType === b.configType &&
    a.configIds.length === b.configIds.length &&
    a.configIds.every((id, i) => b.configIds[i] === id)
  );
}

type Props = {
  /** The config being viewed or edited; null for a new one. */
  config: ParallelJobConfig | null;
  canEdit: boolean;
  onDone: () => void;
};

/** Name, type (JOB or MODULE) and the jobs or modules that may run together. Create/Update wait for a change. */
export function ParallelJobConfigForm({ config, canEdit, onDone }: Props) {
  const { t } = useTranslation();
  const { current, modules } = useModuleSelection();
  const initial = valuesOf(config);
  const [values, setValues] = useState<Values>(initial);
  const jobs = useJobsFromAllModules();
  const create = useCreateParallelJobConfig(PARALLEL_JOB_CONFIG_TEXTS.created);
  const update = useUpdateParallelJobConfig(PARALLEL_JOB_CONFIG_TEXTS.updated);
  const isChanged = !isSame(values, initial);

  const options =
    values.configType === 'JOB'
      ? (jobs.data ?? []).filter((j) => j.moduleId === current.id).map((j) => ({ value: j.id, label: j.name }))
      : modules.map((m) => ({ value: m.id, label: m.name }));
  // A saved config may name a job or module the lists no longer offer: keep its name visible.
  const known = new Set(options.map((o) => o.value));
  const extra = (config?.configs ?? []).filter((c) => !known.has(c.id) && values.configIds.includes(c.id));

  const onSubmit = () => {
    const body: ParallelJobConfigSave = {
      ...(config ? { id: config.id } : {}),
      configName: values.configName.trim(),
      configType: values.configType,
      configIds: values.configIds,
    };
    const problem = validateParallelJobConfig(body);
    if (problem) {
      showErrorToast([problem]);
      return;
    }
    if (config) update.mutate(body, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };

  return (
    <Form layout="vertical" component="div" disabled={!canEdit}>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item label={t('jobs.parallel.configName')} required>
            <Input
              aria-label={t('jobs.parallel.configName')}
              maxLength={PARALLEL_JOB_CONFIG_NAME_MAX}
              value={values.configName}
              onChange={(e) => setValues({ ...values, configName: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item label={t('jobs.parallel.configType')} required>
            <Radio.Group
              aria-label={t('jobs.parallel.configType')}
              value={values.configType}
              options={PARALLEL_JOB_CONFIG_TYPES.map((type) => ({
                value: type,
                label: t(`jobs.parallel.types.${type}`),
              }))}
              // Jobs and modules are different lists: a new type starts with nothing chosen.
              onChange={(e) => setValues({ ...values, configType: e.target.value, configIds: [] })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={values.configType === 'JOB' ? t('jobs.parallel.jobs') : t('jobs.parallel.modules')}
        required
        extra={t('jobs.parallel.configsHint')}
      >
        <AppSelect<number[]>
          aria-label={values.configType === 'JOB' ? t('jobs.parallel.jobs') : t('jobs.parallel.modules')}
          mode="multiple"
          loading={values.configType === 'JOB' && jobs.isPending}
          value={values.configIds}
          options={[...options, ...extra.map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(configIds) => setValues({ ...values, configIds: configIds ?? [] })}
        />
      </Form.Item>
      {canEdit && (
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onDone}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={!isChanged}
            loading={create.isPending || update.isPending}
            onClick={onSubmit}
          >
            {config ? t('jobs.parallel.update') : t('jobs.parallel.create')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
