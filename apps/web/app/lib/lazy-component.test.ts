import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent, lazyDialog } from './lazy-component.ts';

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

describe('lazyDialog', () => {
  type DialogProps = { open: boolean; title: string };
  let loads = 0;
  const dialog = async () => {
    loads++;
    return ({ open, title }: DialogProps) => createElement('dialog', { open }, title);
  };

  it('draws nothing, not even the closed dialog, while it has never been open', async () => {
    const Dialog = lazyDialog(dialog, (props: DialogProps) => props.open);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderToString(createElement(Dialog, { open: false, title: '草稿箱' }))).toBe('');
  });

  it('renders the dialog itself once open (on the server, its module loaded at start-up)', async () => {
    loads = 0;
    const Dialog = lazyDialog(dialog, (props: DialogProps) => props.open);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    const html = renderToString(createElement(Dialog, { open: true, title: '草稿箱' }));
    expect(html).toContain('草稿箱');
  });
});
