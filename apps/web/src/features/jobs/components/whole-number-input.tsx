import { InputNumber, type InputNumberProps } from 'antd';

/** Keys a whole-number field refuses (spec 2 §5): exponent, signs and the decimal point. */
export const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '+', '-', '.']);

type Props = Omit<InputNumberProps<number>, 'precision' | 'changeOnWheel' | 'onKeyDown'>;

/** A whole-number input that ignores the mouse wheel and filters the keys above. */
export function WholeNumberInput(props: Props) {
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      {...props}
      precision={0}
      changeOnWheel={false}
      onWheel={(e) => e.currentTarget.blur()}
      onKeyDown={(e) => {
        if (BLOCKED_NUMBER_KEYS.has(e.key)) e.preventDefault();
      }}
    />
  );
}
