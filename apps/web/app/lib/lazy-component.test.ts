import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

type Props = { name: string };
const hello =
  async () =>
  ({ name }: Props) =>
    createElement('p', null, `你好，${name}`);
const loading = ({ name }: Props) => createElement('i', null, `${name}加载中`);

describe('lazyComponent on the server', () => {
  it('renders the loaded component itself, never the fallback, once its module is in', async () => {
    const Hello = lazyComponent(hello, loading);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const html = renderToString(createElement(Hello, { name: '车友' }));
    expect(html).toContain('你好，车友');
    expect(html).not.toContain('加载中');
  });

  it('shows its fallback, given the same props, inside its own boundary until then', () => {
    const Hello = lazyComponent(hello, loading);
    const html = renderToString(createElement(Hello, { name: '车友' }));
    expect(html).toContain('车友加载中');
    expect(html).not.toContain('你好');
  });
});
