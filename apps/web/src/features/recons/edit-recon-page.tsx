import type { ReconDetail } from '@recon/contract';
import { Form, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useRecon } from '@/features/recons/api/get-recon';
import { useUpdateRecon } from '@/features/recons/api/update-recon';
import { ReconDataSources } from '@/features/recons/components/recon-data-sources';
import { ReconForm } from '@/features/recons/components/recon-form';
import { RECONS_PATH } from '@/features/recons/paths';
import type { ReconDraft } from '@/features/recons/recon-rules';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { BackTitle } from '@/ui/back-title';
import { LeaveGuard } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { RecordPage } from '@/ui/record-page';

function EditRecon({ recon }: { recon: ReconDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ReconDraft>();
  const update = useUpdateRecon(t('opsConfig.common.updated'));
  // Edits are kept until Save: the page says so, and leaving asks first. A save loads the recon again (a new key).
  const [isDirty, setIsDirty] = useState(false);

  const onFinish = (draft: ReconDraft) => {
    const a = draft.sideADataSourceId ?? null;
    const b = draft.sideBDataSourceId ?? null;
    update.mutate(
      {
        id: recon.id,
        body: {
          id: recon.id,
          name: (draft.name ?? '').trim(),
          description: (draft.description ?? '').trim(),
          // Sides go together or not at all; unchanged sides are simply sent again.
          ...(a !== null && b !== null ? { sideADataSourceId: a, sideBDataSourceId: b } : {}),
        },
      },
      {
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setFieldMessages(form, fields);
          else void notifyHttpError(error);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={<BackTitle backTo={RECONS_PATH}>{t('opsConfig.recons.editTitle', { name: recon.name })}</BackTitle>}
        description={t('opsConfig.recons.editDescription', {
          created: formatDateTime(recon.createdAt),
          updated: formatDateTime(recon.updatedAt),
        })}
        extra={
          isDirty && (
            <Tag color="warning" role="status">
              {t('opsConfig.common.unsaved')}
            </Tag>
          )
        }
      />
      <ReconForm
        form={form}
        recon={recon}
        isSaving={update.isPending}
        onFinish={onFinish}
        onCancel={() => navigate(RECONS_PATH)}
        onChange={() => setIsDirty(true)}
      />
      <LeaveGuard isDirty={isDirty && !update.isPending} text={t('opsConfig.recons.leaveText')} />
      <ReconDataSources recon={recon} />
    </>
  );
}

/** Operations › Configuration › Recons › edit-recon/{id}. */
export default function EditReconPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const recon = useRecon(current.id, id);

  // Keyed by the loaded version so the form starts again from what the server holds after a save.
  return (
    <RecordPage id={id} query={recon} notFoundTitle={t('opsConfig.recons.notFound')}>
      {(record) => <EditRecon key={record.updatedAt} recon={record} />}
    </RecordPage>
  );
}
