import {
  DEFAULT_NUMBER_FORMAT,
  DR_CR_MODES,
  describeNumberFormat,
  MAX_NUMBER_SCALE,
  NUMBER_GROUPINGS,
  type NumberFormat,
} from '@recon/contract';
import { Button, Checkbox, Form, Popover, Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: NumberFormat | null;
  onChange: (format: NumberFormat | null) => void;
};

const SCALES = Array.from({ length: MAX_NUMBER_SCALE + 1 }, (_, i) => i);

/**
 * How a number column is written: grouping, trailing minus, Dr / Cr suffix, a currency symbol, a scale (paise →
 * rupees). The button reads the options in a few words; "Plain" is the default (signed, grouped, parentheses).
 */
export function NumberFormatButton({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  const format = value ?? DEFAULT_NUMBER_FORMAT;
  const set = (next: Partial<NumberFormat>) => {
    const merged = { ...format, ...next };
    onChange(describeNumberFormat(merged) === '' ? null : merged);
  };
  const content = (
    <Form layout="vertical" component="div" style={{ width: 280 }}>
      <Form.Item label={t('pipelines.config.number.grouping')}>
        <Select
          aria-label={t('pipelines.config.number.grouping')}
          value={format.grouping}
          options={NUMBER_GROUPINGS.map((g) => ({ value: g, label: t(`pipelines.config.number.groupings.${g}`) }))}
          onChange={(grouping) => set({ grouping })}
        />
      </Form.Item>
      <Form.Item label={t('pipelines.config.number.drCr')}>
        <Select
          aria-label={t('pipelines.config.number.drCr')}
          value={format.drCr}
          options={DR_CR_MODES.map((m) => ({ value: m, label: t(`pipelines.config.number.drCrModes.${m}`) }))}
          onChange={(drCr) => set({ drCr })}
        />
      </Form.Item>
      <Form.Item label={t('pipelines.config.number.scale')}>
        <Select
          aria-label={t('pipelines.config.number.scale')}
          value={format.scale}
          options={SCALES.map((s) => ({
            value: s,
            label:
              s === 0 ? t('pipelines.config.number.asWritten') : t('pipelines.config.number.divideBy', { by: 10 ** s }),
          }))}
          onChange={(scale) => set({ scale })}
        />
      </Form.Item>
      <Checkbox checked={format.trailingMinus} onChange={(e) => set({ trailingMinus: e.target.checked })}>
        {t('pipelines.config.number.trailingMinus')}
      </Checkbox>
      <br />
      <Checkbox checked={format.currency} onChange={(e) => set({ currency: e.target.checked })}>
        {t('pipelines.config.number.currency')}
      </Checkbox>
    </Form>
  );
  return (
    <Popover trigger="click" title={label} content={content}>
      <Button
        aria-label={label}
        size="small"
        style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {describeNumberFormat(format) || t('pipelines.config.number.plain')}
      </Button>
    </Popover>
  );
}
