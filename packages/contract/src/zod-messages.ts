/**
 * Chinese wording for zod's own issues, for every schema that does not write its message itself
 * (zod's zh-CN locale reads like a type checker: "无效输入：期望 数字，实际接收 NaN"). The message says
 * what is expected in plain words; the caller prefixes the field's name (the server's validator
 * does, from the schema's description), so messages here start with what the field needs.
 * Install with `z.config({ customError: zodMessageZh })`; messages set on a schema still win.
 */
import type { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  date: '日期',
  array: '列表',
  object: '对象（键值对）',
  tuple: '列表',
  record: '对象（键值对）',
  map: '对象（键值对）',
  set: '列表',
  file: '文件',
  null: '空值',
};

const typeName = (t: unknown) => TYPE_NAMES[String(t)] ?? '正确的格式';

function sizeWords(origin: unknown): { unit: string; noun: string } {
  if (origin === 'string') return { unit: '个字符', noun: '长度' };
  if (origin === 'array' || origin === 'set') return { unit: '项', noun: '数量' };
  if (origin === 'file') return { unit: '字节', noun: '大小' };
  return { unit: '', noun: '' };
}

const show = (v: unknown) => (typeof v === 'bigint' ? v.toString() : String(v));

export function zodMessageZh(issue: z.core.$ZodRawIssue): string | undefined {
  const iss = issue as z.core.$ZodRawIssue & Record<string, unknown>;
  switch (iss.code) {
    case 'invalid_type': {
      if (iss.input === undefined) return '必填，请填写';
      if (iss.input === null) return `不能为空，应为${typeName(iss.expected)}`;
      if (iss.expected === 'number' && typeof iss.input === 'number' && !Number.isFinite(iss.input)) return '应为有效的数字';
      return `应为${typeName(iss.expected)}`;
    }
    case 'too_small': {
      const { unit, noun } = sizeWords(iss.origin);
      const min = show(iss.minimum);
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return '必填，请填写';
      if (unit) return `${noun}至少 ${min} ${unit}`;
      return iss.inclusive === false ? `应大于 ${min}` : `不能小于 ${min}`;
    }
    case 'too_big': {
      const { unit, noun } = sizeWords(iss.origin);
      const max = show(iss.maximum);
      if (unit) return `${noun}不能超过 ${max} ${unit}`;
      return iss.inclusive === false ? `应小于 ${max}` : `不能大于 ${max}`;
    }
    case 'invalid_format':
      return iss.format === 'regex' || !iss.format ? '格式不正确' : `格式不正确（应为 ${String(iss.format)} 格式）`;
    case 'not_multiple_of':
      return `应为 ${show(iss.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不认识的字段：${(iss.keys as string[] | undefined)?.join('、') ?? ''}`;
    case 'invalid_key':
      return '含有不正确的字段名';
    case 'invalid_element':
      return '含有不正确的项';
    case 'invalid_union':
      return '格式不正确';
    case 'invalid_value': {
      const values = (iss.values as unknown[] | undefined) ?? [];
      if (values.length > 0 && values.length <= 8) return `应为以下之一：${values.map(show).join('、')}`;
      return '取值不在可选范围内';
    }
    default:
      return undefined;
  }
}
