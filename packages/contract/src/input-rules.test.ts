import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_INPUT_DEPTH } from './input-rules.ts';
import { collectSignParams } from './sign.ts';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('inputProblem', () => {
  it('names the field holding a NUL character, nested or not', () => {
    expect(inputProblem({ content: 'a\u0000b' })).toEqual({ kind: 'nul', path: 'content' });
    expect(inputProblem({ imgpack: [{ src: 'ok' }, { src: '\u0000' }] })).toEqual({
      kind: 'nul',
      path: 'imgpack.1.src',
    });
    expect(inputProblem({ content: '正文 ✨', n: 1, ok: true, none: null })).toBeNull();
  });

  it('allows nesting up to MAX_INPUT_DEPTH and refuses deeper, without recursing', () => {
    expect(inputProblem(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(inputProblem(nested(MAX_INPUT_DEPTH + 1))).toMatchObject({ kind: 'too-deep' });
    expect(inputProblem(nested(200_000))).toMatchObject({ kind: 'too-deep' });
  });
});

describe('the sign of deep input', () => {
  it('walks nested arrays without recursing, and refuses an object too deep to stringify', () => {
    let deepArray: unknown = 'last';
    for (let i = 0; i < 200_000; i++) deepArray = [deepArray];
    expect(collectSignParams({}, { content: deepArray })).toEqual({ content: 'last' });
    expect(() => collectSignParams({}, { x: nested(200_000) })).toThrow(RangeError);
  });
});
