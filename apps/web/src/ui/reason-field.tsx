import { Form, Input } from 'antd';
import type { CSSProperties } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  placeholder?: string;
  /** Given, the reason is required; shown under the field while `isMissingShown`. */
  requiredMessage?: string;
  isMissingShown?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  style?: CSSProperties;
};

/** The reason a person gives for an action (kept with the rows and in the audit log), with its count and limit. */
export function ReasonField({
  label,
  value,
  onChange,
  maxLength,
  rows = 2,
  placeholder,
  requiredMessage,
  isMissingShown = false,
  autoFocus,
  onBlur,
  style,
}: Props) {
  const showError = requiredMessage !== undefined && isMissingShown;
  return (
    <Form.Item
      label={label}
      required={requiredMessage !== undefined}
      validateStatus={showError ? 'error' : undefined}
      help={showError ? requiredMessage : undefined}
      style={style}
    >
      <Input.TextArea
        autoFocus={autoFocus}
        aria-label={label}
        rows={rows}
        maxLength={maxLength}
        showCount
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </Form.Item>
  );
}
