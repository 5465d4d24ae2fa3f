import { Select, type SelectProps } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '@/lib/toast';

/** Dropdown height of every select, in pixels (spec 5). */
export const SELECT_LIST_HEIGHT_PX = 180;

/** Case-insensitive match on the option's label (or its value when the label is not text). */
export function matchesOptionText(input: string, option: DefaultOptionType | undefined): boolean {
  const text = typeof option?.label === 'string' || typeof option?.label === 'number' ? option.label : option?.value;
  return String(text ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

export type AppSelectProps<V> = Omit<SelectProps<V, DefaultOptionType>, 'showSearch'> & {
  /** Server-side search: the text typed is handed over and options are not filtered locally. */
  onSearchText?: (text: string) => void;
  /**
   * For free text in a tags select: the problem with an entry, or undefined when it is fine. A refused
   * entry is left out and its message shown as an error toast.
   */
  validateFreeText?: (text: string) => string | undefined;
};

/** The entries of a tags select's new value that the caller refuses, with the messages to show. */
export function refusedFreeText(
  next: unknown,
  options: readonly DefaultOptionType[] | undefined,
  validate: (text: string) => string | undefined,
): { kept: unknown[]; messages: string[] } {
  const known = new Set((options ?? []).map((o) => o.value));
  const kept: unknown[] = [];
  const messages: string[] = [];
  for (const value of Array.isArray(next) ? next : []) {
    const problem = known.has(value as DefaultOptionType['value']) ? undefined : validate(String(value));
    if (problem) messages.push(problem);
    else kept.push(value);
  }
  return { kept, messages };
}

/**
 * The product's select: searchable with case-insensitive filtering, "No Values Found" when nothing
 * matches, "Please Choose Value" when empty, +N for chips that do not fit, a 180 px dropdown, and
 * optional validation of free text typed into a tags select.
 */
export function AppSelect<V>({ onSearchText, validateFreeText, ...props }: AppSelectProps<V>) {
  const { t } = useTranslation();
  const { onChange, options } = props;
  const handleChange: SelectProps<V, DefaultOptionType>['onChange'] =
    validateFreeText && props.mode === 'tags' && onChange
      ? (next, option) => {
          const { kept, messages } = refusedFreeText(next, options, validateFreeText);
          if (messages.length > 0) showErrorToast(messages);
          onChange(kept as V, option);
        }
      : onChange;
  return (
    <Select<V, DefaultOptionType>
      showSearch={onSearchText ? { filterOption: false, onSearch: onSearchText } : { filterOption: matchesOptionText }}
      notFoundContent={t('common.noValuesFound')}
      placeholder={t('common.chooseValue')}
      listHeight={SELECT_LIST_HEIGHT_PX}
      maxTagCount={props.mode ? 'responsive' : undefined}
      maxTagPlaceholder={(omitted) => `+${omitted.length}`}
      allowClear
      {...props}
      onChange={handleChange}
    />
  );
}
