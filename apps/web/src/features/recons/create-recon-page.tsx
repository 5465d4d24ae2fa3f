import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateRecon } from '@/features/recons/api/create-recon';
import { ReconForm } from '@/features/recons/components/recon-form';
import { editReconPath, RECONS_PATH } from '@/features/recons/paths';
import type { ReconDraft } from '@/features/recons/recon-rules';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { notifyHttpError } from '@/lib/query-client';
import { PageHeader } from '@/ui/page-header';

/** Operations › Configuration › Recons › create-recon: a name and description; data sources join it later. */
export default function CreateReconPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ReconDraft>();
  const create = useCreateRecon(t('opsConfig.common.created'));

  const onFinish = (draft: ReconDraft) =>
    create.mutate(
      { name: (draft.name ?? '').trim(), description: (draft.description ?? '').trim() },
      {
        // The new recon opens in edit, where its data sources are added and its sides chosen.
        onSuccess: (recon) => navigate(editReconPath(recon.id)),
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setFieldMessages(form, fields);
          else void notifyHttpError(error);
        },
      },
    );

  return (
    <>
      <PageHeader title={t('opsConfig.recons.createTitle')} description={t('opsConfig.recons.createDescription')} />
      <ReconForm form={form} isSaving={create.isPending} onFinish={onFinish} onCancel={() => navigate(RECONS_PATH)} />
    </>
  );
}
