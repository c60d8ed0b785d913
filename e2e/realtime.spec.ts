import { expect, test } from './fixtures.ts';

test.describe('realtime connection check', () => {
  test('visitor opens /test-websocket, sees 已连接, and an echo reports its latency', async ({ page }) => {
    await page.goto('/test-websocket');
    await expect(page.getByTestId('ws-status')).toContainText('已连接');
    await page.getByTestId('ws-echo').click();
    await expect(page.getByTestId('ws-latency')).toHaveText(/\d+(\.\d+)?\s*ms/);
  });
});
