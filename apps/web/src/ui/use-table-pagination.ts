import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/lib/brand-context';
import type { Paging } from '@/lib/list-paging';

/** The pager every server-paged table shows: the brand's page sizes and "from–to of total". */
export function useTablePagination(
  paging: Paging,
  total: number,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: paging.page,
    pageSize: paging.size,
    total,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showSizeChanger: true,
    showTotal: (all, [from, to]) => t('common.pageRange', { from, to, total: all }),
    onChange,
  };
}

/** The pager of a table paged in the browser (the whole list loaded): the brand's default size and page sizes. */
export function useClientPagination(): TablePaginationConfig {
  const { t } = useTranslation();
  const brand = useBrand();
  return {
    defaultPageSize: brand.defaultPageSize,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showSizeChanger: true,
    showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
  };
}
