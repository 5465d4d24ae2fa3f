import { Tooltip } from 'antd';

/** About the widest an average character of the UI font is, and a cell's padding, in pixels. */
const CHAR_WIDTH = 7;
const CELL_PADDING = 16;

/**
 * A cell's text in a column with `ellipsis: { showTitle: false }`: cut with an ellipsis, and when it may not fit the
 * column, the whole text in a tooltip on hover. Short text stays plain (no tooltip to mount on every cell).
 */
export function CellText({ text, width }: { text: string | null | undefined; width: number }) {
  if (!text) return '';
  if (text.length * CHAR_WIDTH <= width - CELL_PADDING) return text;
  return (
    <Tooltip title={text} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  );
}
