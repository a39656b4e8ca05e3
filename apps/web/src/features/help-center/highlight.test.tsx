import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { highlight } from './highlight';

afterEach(cleanup);
const html = (text: string, terms: string[]) => render(highlight(text, terms)).container.innerHTML;

describe('highlight', () => {
  it('marks every term, case-insensitively, and escapes the text', () => {
    expect(html('安装 C-Lodop 打印服务，打印标签', ['打印', 'lodop'])).toBe('安装 C-<mark>Lodop</mark> <mark>打印</mark>服务，<mark>打印</mark>标签');
    expect(html('<b>打印</b>', ['打印'])).toBe('&lt;b&gt;<mark>打印</mark>&lt;/b&gt;');
    expect(html('没有匹配', [])).toBe('没有匹配');
  });
});
