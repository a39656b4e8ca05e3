/**
 * Labels are drawn on the labels thread (render-thread.ts): the same answers as drawing them here,
 * the same errors, and the event loop free while a large PDF is drawn (counted in turns of the loop,
 * not timed: drawn here instead, the loop does not turn until the PDF is done).
 */
import { type LabelRenderRequest, renderLabels } from '@dropship/labels';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { renderOffThread } from '../src/modules/labels/render-thread.js';

const backroad = { orderNo: 'DD20240601001', pickerName: '张三', takeCode: '123456789012', sortingNo: 'A-12', printTime: '2024-06-01 10:00' };
const many = (n: number, format: 'pdf' | 'svg' | 'lodop') =>
  ({ kind: 'backroad', format, data: Array.from({ length: n }, (_, i) => ({ ...backroad, takeCode: String(100000000000 + i) })) }) as LabelRenderRequest;

describe('the labels thread', () => {
  it('answers what drawing here answers, in each format', async () => {
    for (const format of ['svg', 'lodop'] as const) expect(await renderOffThread(many(3, format))).toEqual(await renderLabels(many(3, format)));
    const pdf = await renderOffThread(many(3, 'pdf'));
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.pages).toBe(3);
    expect(Buffer.isBuffer(pdf.body) && pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('throws the same errors: validation (ZodError with its issues), too many pages (RangeError)', async () => {
    const bad = { kind: 'backroad', format: 'svg', data: [{ ...backroad, takeCode: 7 }] } as unknown as LabelRenderRequest;
    const thrown = await renderOffThread(bad).catch((e) => e);
    expect(thrown).toBeInstanceOf(ZodError);
    expect((thrown as ZodError).issues.map((i) => i.path.join('.'))).toEqual(['data.0.takeCode']);
    await expect(renderOffThread({ kind: 'certificate', format: 'lodop', data: [{ quantity: 10_001 }] } as LabelRenderRequest)).rejects.toThrow(RangeError);
    // The thread is still there for the next one.
    expect((await renderOffThread(many(1, 'svg'))).pages).toBe(1);
  });

  it('leaves the event loop free while a large PDF is drawn', async () => {
    let turns = 0;
    let drawing = true;
    const turn = () => {
      turns++;
      if (drawing) setImmediate(turn);
    };
    setImmediate(turn);
    const pdf = await renderOffThread(many(400, 'pdf'));
    drawing = false;
    expect(pdf.pages).toBe(400);
    expect(turns).toBeGreaterThan(100);
  });
});
