import { JOB_NAME_MAX, JOB_RETRIES_MAX, JOB_RETRY_INTERVAL_MAX_MINUTES } from '@recon/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import type { JobDraft } from '@/features/jobs/job-draft';

const DESCRIPTION_MAX = 1000;

type Props = {
  draft: JobDraft;
  onChange: (patch: Partial<Pick<JobDraft, 'name' | 'noOfRetrial' | 'retrialInterval' | 'description'>>) => void;
  /** The check's message for the name, shown under it (after a refused Next). */
  nameProblem?: string | undefined;
};

/** Name, retries, retry interval (minutes) and description of the job. */
export function JobBasicsFields({ draft, onChange, nameProblem }: Props) {
  const { t } = useTranslation();
  const isNameTooLong = draft.name.length > JOB_NAME_MAX;
  const nameHelp = isNameTooLong
    ? t('jobs.editor.nameCount', { count: draft.name.length, max: JOB_NAME_MAX })
    : nameProblem;
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('jobs.editor.name')}
            required
            validateStatus={nameHelp ? 'error' : undefined}
            help={nameHelp}
          >
            <Input
              aria-label={t('jobs.editor.name')}
              value={draft.name}
              showCount={{ formatter: ({ count }) => `${count} / ${JOB_NAME_MAX}` }}
              autoComplete="off"
              onChange={(e) => onChange({ name: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('jobs.editor.retries')} extra={t('jobs.editor.retriesHint', { max: JOB_RETRIES_MAX })}>
            <WholeNumberInput
              aria-label={t('jobs.editor.retries')}
              min={0}
              max={JOB_RETRIES_MAX}
              value={draft.noOfRetrial}
              onChange={(noOfRetrial) => onChange({ noOfRetrial })}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label={t('jobs.editor.interval')} extra={t('jobs.editor.intervalHint')}>
            <WholeNumberInput
              aria-label={t('jobs.editor.interval')}
              min={0}
              max={JOB_RETRY_INTERVAL_MAX_MINUTES}
              suffix={t('jobs.editor.minutes')}
              value={draft.retrialInterval}
              onChange={(retrialInterval) => onChange({ retrialInterval })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('jobs.editor.description')}>
        <Input.TextArea
          aria-label={t('jobs.editor.description')}
          maxLength={DESCRIPTION_MAX}
          autoSize={{ minRows: 2, maxRows: 5 }}
          value={draft.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
