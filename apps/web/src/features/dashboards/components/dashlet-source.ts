import type { Dashlet } from '@recon/contract';
import type { TFunction } from 'i18next';

/** What a dashlet reads, in words: its recon, its report, or the product's job runs. */
export function dashletSource(dashlet: Pick<Dashlet, 'reconName' | 'reportName'>, t: TFunction): string {
  if (dashlet.reconName) return dashlet.reconName;
  return dashlet.reportName ? t('dashboards.reportNamed', { name: dashlet.reportName }) : t('dashboards.moduleRuns');
}
