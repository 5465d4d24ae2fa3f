import { useTranslation } from 'react-i18next';
import { RuleEditor } from '@/features/rules/components/rule-editor';
import { WithRule } from '@/features/rules/components/with-rule';
import { RulePageTitle } from '@/features/rules/page-title';
import { PageHeader } from '@/ui/page-header';

/** Operations › Configuration › Recon Rules › edit-rule/{id}. */
export default function EditRulePage() {
  const { t } = useTranslation();
  return (
    <WithRule>
      {(rule) => (
        <>
          <PageHeader
            title={<RulePageTitle reconId={rule.reconId}>{t('rules.editTitle', { name: rule.name })}</RulePageTitle>}
            description={t('rules.placeIn', { sequence: rule.sequence, recon: rule.reconName })}
          />
          <RuleEditor
            // Started again from what the server holds after a save.
            key={rule.updatedAt}
            mode="edit"
            detail={rule}
            initialHead={{
              name: rule.name,
              description: rule.description,
              reconId: rule.reconId,
              ruleType: rule.ruleType,
              enabled: rule.enabled,
            }}
          />
        </>
      )}
    </WithRule>
  );
}
