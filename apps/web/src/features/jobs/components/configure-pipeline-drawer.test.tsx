import { BOT_BUSINESS_MODELS, BOT_CATALOGUE } from '@recon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurePipelineDrawer, hasPipelineSettings } from '@/features/jobs/components/configure-pipeline-drawer';
import { type ActivityDraft, newActivity, withTarget, withType } from '@/features/jobs/job-draft';
import { http } from '@/lib/http';
import { signIn } from '@/testing/fixtures';
import { WithModule } from '@/testing/module';
import { renderRoute } from '@/testing/render';

/** Tests that drive several Ant Design selects: slow on a busy machine. */
const SLOW_UI_TEST_MS = 40_000;
const mock = new MockAdapter(http);

beforeEach(() => {
  signIn({}, 1);
  mock.onGet('/v2/jobs', { params: { Find: 'BotConfigs' } }).reply(200, {
    data: BOT_CATALOGUE,
    businessModels: BOT_BUSINESS_MODELS,
    dateParamFormat: 'YYYY-MM',
  });
  mock.onGet('/v2/pipeline/all').reply(200, { data: [] });
});
afterEach(() => mock.reset());

const firstCry = withTarget(withType(newActivity(1), 'BOT'), {
  typeId: 5,
  name: 'First Cry report downloader',
  additionalInfo: { botType: 'FIRST_CRY' },
});

async function pick(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByTitle(option));
}

describe('Configure Pipeline panel', () => {
  it('shows for exports, bots and pipelines that do not read files', () => {
    const pipeline = withType(newActivity(1), 'PIPE_LINE');
    expect(hasPipelineSettings(pipeline)).toBe(false);
    expect(hasPipelineSettings({ ...pipeline, pipelineSource: 'RAZORPAY' })).toBe(true);
    expect(hasPipelineSettings(withType(newActivity(1), 'CREATE_EXPORT_REPORT'))).toBe(true);
    expect(hasPipelineSettings(withType(newActivity(1), 'BOT'))).toBe(true);
    expect(hasPipelineSettings(withType(newActivity(1), 'RECON'))).toBe(false);
  });

  function renderPanel(applied: ActivityDraft[] = []) {
    renderRoute(
      <WithModule>
        <ConfigurePipelineDrawer activity={firstCry} onApply={(a) => applied.push(a)} onClose={() => undefined} />
      </WithModule>,
    );
  }

  it('offers First Cry durations only for SALES, the sub type off until a duration type is picked', async () => {
    renderPanel();
    await screen.findByRole('combobox', { name: 'Report Type' });
    expect(screen.queryByRole('combobox', { name: 'Duration Type' })).toBeNull();

    await pick('Report Type', 'Sales');
    const subType = screen.getByRole('combobox', { name: 'Report Sub Type' });
    expect(subType.hasAttribute('disabled')).toBe(true);
    await pick('Duration Type', 'Monthwise (MONTH)');
    expect(subType.hasAttribute('disabled')).toBe(false);
  });

  it(
    'clears the duration value when the duration type changes',
    async () => {
      const applied: ActivityDraft[] = [];
      renderPanel(applied);
      await pick('Report Type', 'Sales');
      await pick('Duration Type', 'Monthwise (MONTH)');
      await pick('Report Sub Type', 'Last Month');
      await pick('Duration Type', 'Daywise (DAY)');
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

      await waitFor(() => expect(applied).toHaveLength(1));
      expect(applied[0]?.additionalInfo).toMatchObject({
        botType: 'FIRST_CRY',
        reportType: 'SALES',
        reportDuration: 'DAY',
        reportDurationValue: null,
        dateParam: null,
      });
    },
    SLOW_UI_TEST_MS,
  );
});
