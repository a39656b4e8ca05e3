import { describe, expect, it } from 'vitest';
import { fileProblem, isRunning, resultText, stepOf } from './import-state';

describe('order import page rules', () => {
  it('maps a job status to its step', () => {
    expect(stepOf('PARSING')).toBe(2);
    expect(stepOf('PREVIEW')).toBe(2);
    expect(stepOf('IMPORTING')).toBe(3);
    expect(stepOf('DONE')).toBe(4);
    expect(stepOf('FAILED')).toBe(4);
    expect(stepOf('CANCELLED')).toBe(4);
    expect(isRunning('PARSING')).toBe(true);
    expect(isRunning('PREVIEW')).toBe(false);
  });

  it('says the result in words, leaving out zero skips and failures', () => {
    expect(resultText({ imported: 3, updated: 1, skipped: 0, failed: 0 })).toBe('新增 3 单，更新 1 单');
    expect(resultText({ imported: 0, updated: 0, skipped: 2, failed: 1 })).toBe(
      '新增 0 单，更新 0 单，跳过 2 单（系统中已有更新的订单信息），失败 1 单（有错误行）',
    );
  });

  it('refuses wrong types, empty and oversized files before sending', () => {
    expect(fileProblem({ name: '订单.XLSX', size: 10 })).toBeNull();
    expect(fileProblem({ name: '订单.pdf', size: 10 })).toContain('.xlsx');
    expect(fileProblem({ name: 'a.csv', size: 0 })).toContain('空');
    expect(fileProblem({ name: 'a.csv', size: 21 * 1024 * 1024 })).toContain('20MB');
  });
});
