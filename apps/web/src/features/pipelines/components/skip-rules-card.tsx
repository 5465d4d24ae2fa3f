import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_SKIP_BOTTOM_ROWS, MAX_SKIP_PATTERNS, type SkipRules, skipPatternProblem } from '@recon/contract';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '@/ui/app-select';

type Props = {
  rules: SkipRules;
  /** The config's file column names, in order: what a rule can look at. */
  fileColumns: readonly string[];
  errors: Readonly<Record<string, string>>;
  onChange: (rules: SkipRules) => void;
};

/** Value of the "any column" option: a select cannot carry null. */
const ANY_COLUMN = '';

/**
 * Rows a file carries that are not data: a footer of N rows, rows where a column is blank (a summary row), rows
 * where a column matches a pattern ("^Closing Balance", disclaimers). They are counted as skipped, never as
 * invalid. Rows above the header are skipped by the header row setting.
 */
export function SkipRulesCard({ rules, fileColumns, errors, onChange }: Props) {
  const { t } = useTranslation();
  const columnOptions = fileColumns.map((c) => ({ value: c, label: c }));
  const setPattern = (index: number, next: Partial<SkipRules['patterns'][number]>) =>
    onChange({ ...rules, patterns: rules.patterns.map((p, i) => (i === index ? { ...p, ...next } : p)) });

  return (
    <Card title={t('pipelines.config.skipRules')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('pipelines.config.skipRulesHint')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label={t('pipelines.config.skipBottom')}>
              <InputNumber<number>
                aria-label={t('pipelines.config.skipBottom')}
                min={0}
                max={MAX_SKIP_BOTTOM_ROWS}
                precision={0}
                changeOnWheel={false}
                style={{ width: '100%' }}
                value={rules.bottomRows}
                onChange={(value) => onChange({ ...rules, bottomRows: value ?? 0 })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={18}>
            <Form.Item label={t('pipelines.config.skipBlank')} extra={t('pipelines.config.skipBlankHint')}>
              <Select<string[]>
                aria-label={t('pipelines.config.skipBlank')}
                mode="multiple"
                allowClear
                placeholder={t('pipelines.config.noColumns')}
                value={rules.blankColumns}
                options={columnOptions}
                onChange={(blankColumns) => onChange({ ...rules, blankColumns })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('pipelines.config.skipPatterns')} extra={t('pipelines.config.skipPatternsHint')}>
          {rules.patterns.map((p, i) => {
            const problem =
              errors[`skipRules.patterns.${i}.pattern`] ?? (p.pattern ? skipPatternProblem(p.pattern) : null);
            const columnError = errors[`skipRules.patterns.${i}.column`];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their order is their identity.
              <Flex key={i} gap={8} align="start" style={{ marginBottom: 8 }}>
                <div style={{ width: 220 }}>
                  <AppSelect<string>
                    aria-label={`${t('pipelines.config.skipPatternColumn')} ${i + 1}`}
                    allowClear={false}
                    status={columnError ? 'error' : undefined}
                    style={{ width: '100%' }}
                    value={p.column ?? ANY_COLUMN}
                    options={[{ value: ANY_COLUMN, label: t('pipelines.config.anyColumn') }, ...columnOptions]}
                    onChange={(column) => setPattern(i, { column: column || null })}
                  />
                  {columnError && <Typography.Text type="danger">{columnError}</Typography.Text>}
                </div>
                <div style={{ flex: 1 }}>
                  <Input
                    aria-label={`${t('pipelines.config.skipPattern')} ${i + 1}`}
                    placeholder="^Closing Balance"
                    maxLength={200}
                    status={problem ? 'error' : undefined}
                    value={p.pattern}
                    onChange={(e) => setPattern(i, { pattern: e.target.value })}
                  />
                  {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
                </div>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('pipelines.config.removeSkipPattern')} ${i + 1}`}
                  onClick={() => onChange({ ...rules, patterns: rules.patterns.filter((_, j) => j !== i) })}
                />
              </Flex>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            disabled={rules.patterns.length >= MAX_SKIP_PATTERNS}
            onClick={() => onChange({ ...rules, patterns: [...rules.patterns, { column: null, pattern: '' }] })}
          >
            {t('pipelines.config.addSkipPattern')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
