import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RuleEditor } from '@/features/rules/components/rule-editor';
import { RulePageTitle } from '@/features/rules/page-title';
import { PageHeader } from '@/ui/page-header';

/** Operations › Configuration › Recon Rules › create-rule (?reconId= starts with that recon). */
export default function CreateRulePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reconId = Number.parseInt(searchParams.get('reconId') ?? '', 10);
  const initialReconId = Number.isInteger(reconId) && reconId > 0 ? reconId : undefined;
  return (
    <>
      <PageHeader
        title={<RulePageTitle reconId={initialReconId}>{t('rules.createTitle')}</RulePageTitle>}
        description={t('rules.createDescription')}
      />
      <RuleEditor mode="create" initialHead={{ reconId: initialReconId }} />
    </>
  );
}
