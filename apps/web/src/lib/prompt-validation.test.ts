import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT_ERROR, validatePromptInput } from './prompt-validation.js';

describe('validatePromptInput', () => {
  it('accepts anything without rules', () => {
    expect(validatePromptInput('')).toBeNull();
    expect(validatePromptInput('随便')).toBeNull();
  });

  it('checks the pattern, with the default message', () => {
    expect(validatePromptInput('1234', { pattern: /^\d{4}$/ })).toBeNull();
    expect(validatePromptInput('12a4', { pattern: /^\d{4}$/ })).toBe(DEFAULT_PROMPT_ERROR);
    expect(DEFAULT_PROMPT_ERROR).toBe('输入的数据不合法!');
  });

  it('accepts a pattern given as text and a stateful /g pattern', () => {
    expect(validatePromptInput('ab', { pattern: '^[a-z]+$' })).toBeNull();
    const g = /^\d+$/g;
    expect(validatePromptInput('12', { pattern: g })).toBeNull();
    expect(validatePromptInput('12', { pattern: g })).toBeNull();
  });

  it('checks the validator and uses the configured message', () => {
    const rules = { validator: (v: string) => v.trim().length >= 2, errorMessage: '请至少输入2个字' };
    expect(validatePromptInput('好', rules)).toBe('请至少输入2个字');
    expect(validatePromptInput('好的', rules)).toBeNull();
  });

  it('needs both checks to pass', () => {
    const rules = { pattern: /^\d+$/, validator: (v: string) => Number(v) <= 100 };
    expect(validatePromptInput('50', rules)).toBeNull();
    expect(validatePromptInput('500', rules)).toBe(DEFAULT_PROMPT_ERROR);
  });
});
