import type { RuleDetail } from '@recon/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRule } from '@/features/rules/api/get-rule';
import { httpStatusOf } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { RecordPage } from '@/ui/record-page';

const HTTP_NOT_FOUND = 404;

/** Loads the rule of the route's `:id` and renders the page for it (a spinner, not found, or retry meanwhile). */
export function WithRule({ children }: { children: (rule: RuleDetail) => ReactNode }) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const rule = useRule(current.id, id);
  return (
    <RecordPage
      id={id}
      query={rule}
      notFoundTitle={t('rules.notFound')}
      isNotFound={httpStatusOf(rule.error) === HTTP_NOT_FOUND}
    >
      {children}
    </RecordPage>
  );
}
