import {
  COMMON_DATE_PATTERNS,
  dateFormatProblem,
  FILE_DATE_FORMATS,
  ISO_DATE_FORMAT,
  MAX_DATE_FORMATS,
  proposeDatePatterns,
} from '@recon/contract';
import { Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: readonly string[];
  /** The column's values in the sample rows that load: proposals come from them. */
  samples: readonly string[];
  disabled?: boolean;
  status?: 'error';
  onChange: (formats: string[]) => void;
};

/** Every format offered before typing one's own: the common patterns, the contract's list, ISO. */
const OFFERED = [...new Set<string>([...COMMON_DATE_PATTERNS, ...FILE_DATE_FORMATS, ISO_DATE_FORMAT])];

/**
 * A date column's formats, tried in order (a column may mix DD/MM/YY and DD/MM/YYYY). Patterns reading every
 * sample come first, marked proposed; when two of them read the samples as different dates (03/04: 3 April or
 * 4 March) the person is warned and chooses. Any pattern may be typed (YYYYMMDD, DD.MM.YYYY, EPOCH_S …).
 */
export function DateFormatsSelect({ label, value, samples, disabled, status, onChange }: Props) {
  const { t } = useTranslation();
  const proposals = useMemo(() => proposeDatePatterns(samples), [samples]);
  const proposed = new Set(proposals.map((p) => p.pattern));
  const best = proposals[0];
  const ambiguous = best && best.ambiguousWith.length > 0 ? [best.pattern, ...best.ambiguousWith] : [];
  const sample = samples.find((s) => s.trim()) ?? '';
  const invalid = value.map((v) => dateFormatProblem(v)).find((p) => p !== null);
  // The chosen tag shows the pattern alone ("YYYYMMDD", never a cut "YYYYMMDD · propo…"); the list marks proposals.
  const options = [
    ...proposals.map((p) => ({ value: p.pattern, label: p.pattern, isProposed: true })),
    ...OFFERED.filter((f) => !proposed.has(f)).map((f) => ({ value: f, label: f, isProposed: false })),
  ];

  return (
    <div>
      <Select<string[]>
        aria-label={label}
        mode="tags"
        disabled={disabled}
        status={status ?? (invalid ? 'error' : undefined)}
        style={{ width: '100%' }}
        placeholder={disabled ? '—' : t('pipelines.config.chooseDateFormat')}
        value={[...value]}
        options={options}
        optionRender={(option) =>
          option.data.isProposed ? `${option.data.label} · ${t('pipelines.config.proposed')}` : option.data.label
        }
        maxCount={MAX_DATE_FORMATS}
        onChange={(formats) => onChange(formats.map((f) => f.trim()).filter(Boolean))}
      />
      {!disabled && invalid && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {invalid}
        </Typography.Text>
      )}
      {!disabled && ambiguous.length > 0 && (
        <Typography.Text
          type={value.some((v) => ambiguous.includes(v)) ? 'secondary' : 'warning'}
          role="alert"
          style={{ display: 'block', fontSize: 12 }}
        >
          {t('pipelines.config.dateAmbiguous', { sample, patterns: ambiguous.join(' / ') })}
        </Typography.Text>
      )}
    </div>
  );
}
