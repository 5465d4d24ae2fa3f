import { useTranslation } from 'react-i18next';
import { RuleEditor } from '@/features/rules/components/rule-editor';
import { WithRule } from '@/features/rules/components/with-rule';
import { copyHead } from '@/features/rules/condition-rows';
import { RulePageTitle } from '@/features/rules/page-title';
import { PageHeader } from '@/ui/page-header';

/** Operations › Configuration › Recon Rules › copy-rule/{id}: a new rule prefilled from this one. */
export default function CopyRulePage() {
  const { t } = useTranslation();
  return (
    <WithRule>
      {(rule) => (
        <>
          <PageHeader
            title={<RulePageTitle reconId={rule.reconId}>{t('rules.copyTitle', { name: rule.name })}</RulePageTitle>}
            description={t('rules.copyDescription')}
          />
          <RuleEditor mode="copy" detail={rule} initialHead={copyHead(rule)} />
        </>
      )}
    </WithRule>
  );
}
