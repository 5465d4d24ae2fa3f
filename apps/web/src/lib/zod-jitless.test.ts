import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('runs jitless once the setting module has loaded before zod', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
