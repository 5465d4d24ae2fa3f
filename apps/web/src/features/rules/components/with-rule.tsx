import type { RuleDetail } from '@recon/contract';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRule } from '@/features/rules/api/get-rule';
import { httpStatusOf } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { QueryError } from '@/ui/query-error';

const HTTP_NOT_FOUND = 404;

/** Loads the rule of the route's `:id` and renders the page for it (a spinner, not found, or retry meanwhile). */
export function WithRule({ children }: { children: (rule: RuleDetail) => ReactNode }) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const rule = useRule(current.id, id);

  if (!Number.isInteger(id) || id <= 0 || httpStatusOf(rule.error) === HTTP_NOT_FOUND) {
    return <Result status="404" title={t('rules.notFound')} />;
  }
  if (rule.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (rule.isError) return <QueryError onRetry={() => void rule.refetch()} />;
  return <>{children(rule.data)}</>;
}
