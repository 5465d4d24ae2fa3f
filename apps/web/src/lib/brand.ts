import { DEFAULT_DATE_RANGE_DAYS, ERROR_REPORTING_SAMPLE_RATE } from '@recon/contract/constants';

/**
 * The rows a list asks for and shows at first: 50 (issue 12, daily use), one of the spec's page-size options. The
 * spec's default of 10 stays the server's default length for a call that names none (DEFAULT_PAGE_SIZE); the bank
 * and games variants keep their larger sizes.
 */
export const WEB_DEFAULT_PAGE_SIZE = 50;

export const BRAND_KEYS = ['default', 'bankOne', 'bankTwo', 'games'] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];

export type Brand = {
  key: BrandKey;
  /** Product name shown beside the logo and in the window title. */
  name: string;
  primaryColor: string;
  defaultPageSize: number;
  defaultDateRangeDays: number;
  isErrorReportingEnabled: boolean;
};

const DEFAULT_BRAND: Brand = {
  key: 'default',
  name: 'Recon',
  primaryColor: '#1f5eff',
  defaultPageSize: WEB_DEFAULT_PAGE_SIZE,
  defaultDateRangeDays: DEFAULT_DATE_RANGE_DAYS,
  isErrorReportingEnabled: true,
};

/** Host name fragments, checked in order; the first that the host contains decides the brand. */
const BRANDS_BY_HOST: readonly { hostFragment: string; brand: Brand }[] = [
  {
    hostFragment: 'bank-one',
    brand: {
      ...DEFAULT_BRAND,
      key: 'bankOne',
      name: 'Bank One Recon',
      primaryColor: '#0b6e4f',
      defaultPageSize: 200,
      isErrorReportingEnabled: false,
    },
  },
  {
    hostFragment: 'bank-two',
    brand: {
      ...DEFAULT_BRAND,
      key: 'bankTwo',
      name: 'Bank Two Recon',
      primaryColor: '#8a1538',
      defaultDateRangeDays: 0,
    },
  },
  {
    hostFragment: 'games',
    brand: { ...DEFAULT_BRAND, key: 'games', name: 'Games Recon', primaryColor: '#6b2fd6', defaultPageSize: 100 },
  },
];

export function brandForHost(hostname: string): Brand {
  const host = hostname.toLowerCase();
  return BRANDS_BY_HOST.find((b) => host.includes(b.hostFragment))?.brand ?? DEFAULT_BRAND;
}

/** The brand of the page being shown. */
export function currentBrand(): Brand {
  return brandForHost(typeof window === 'undefined' ? '' : window.location.hostname);
}

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Share of render failures to report: none on a developer's machine or where the brand turns reporting off. */
export function errorReportingSampleRate(hostname: string): number {
  if (LOCAL_HOSTS.has(hostname.toLowerCase())) return 0;
  return brandForHost(hostname).isErrorReportingEnabled ? ERROR_REPORTING_SAMPLE_RATE : 0;
}
