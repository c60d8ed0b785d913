import { PAGE_SIZE, THEME_FEEDS } from '@evcircle/contract';
import { expect, test, VIEWPORT_FREE } from './fixtures.ts';
import { shoot } from './support/screenshots.ts';

/** The tools of the hub on /tesla-tools, with where each leads. */
const TOOLS = [
  { testId: 'tool-lockchime', name: '锁车音制作', href: '/lockchime' },
  { testId: 'tool-extract-audio', name: '音频提取', href: '/lockchime?tab=extract' },
  { testId: 'tool-ai-image', name: 'AI 绘画', href: '/ai' },
  { testId: 'tool-ai-video', name: 'AI 视频', href: '/ai?tab=video' },
  { testId: 'tool-ai-avatar', name: 'AI 头像', href: '/settings#avatar' },
] as const;

test.describe('tools hub', () => {
  test('an owner finds every tool on /tesla-tools, one leads to its page, and the Tesla feed below opens a post', async ({
    page,
    api,
    isMobile,
  }, testInfo) => {
    await page.goto('/tesla-tools');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('特斯拉车主工具');
    const hub = page.getByRole('navigation', { name: '车主工具' });
    for (const tool of TOOLS) {
      const link = hub.getByTestId(tool.testId);
      await expect(link).toContainText(tool.name);
      await expect(link).toHaveAttribute('href', tool.href);
    }
    await expect(hub.getByRole('link')).toHaveCount(TOOLS.length);
    await shoot(page, testInfo.project.name, 'tools-hub', { fullPage: false });

    // The feed under the hub: Tesla's first page, and a post opens over it.
    const first = (await api.call(THEME_FEEDS.tesla, { page: 1, size: PAGE_SIZE.posts }))[0];
    const card = page.locator(`[data-testid="post-card"][data-pid="${first?.pid}"]`);
    await card.getByTestId('post-card-link').click();
    await expect(page.getByTestId('post-modal').getByTestId('post-view')).toHaveAttribute(
      'data-pid',
      String(first?.pid),
    );
    expect(new URL(page.url()).pathname).toBe('/tesla-tools');
    // Closed as each device closes it: the back arrow on phones, Esc on desktop.
    if (isMobile) await page.getByTestId('post-modal-close').click();
    else await page.keyboard.press('Escape');
    await expect(page.getByTestId('post-modal')).toHaveCount(0);

    // A card leads to its tool (tapped where it is: the phone's row scrolls it into view).
    await hub.getByTestId('tool-ai-image').click();
    await page.waitForURL(/\/ai$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the page is named as the tools page; the other theme feeds carry no hub', { tag: VIEWPORT_FREE }, async ({
    request,
  }) => {
    const html = await (await request.get('/tesla-tools')).text();
    expect(html).toContain('<title>特斯拉车主工具 - 车友圈</title>');
    expect(html).toMatch(/<meta name="description" content="特斯拉车主工具：[^"]+"/);
    expect(html).toContain('data-testid="tools-hub"');
    for (const path of ['/mod', '/beauty', '/travel', '/exp']) {
      const other = await (await request.get(path)).text();
      expect(other, path).not.toContain('data-testid="tools-hub"');
      expect(other, path).toContain('data-testid="post-card"');
    }
  });
});
