/** The six-digit pay password field every money form uses, with the same rule as the server's. */
import { isWeakPayPassword } from '@dropship/contract';
import { Input, type InputProps } from 'antd';

export const payPasswordRules = (label = '支付密码') => [
  { required: true, message: `请输入${label}` },
  { pattern: /^\d{6}$/, message: `${label}必须是6位数字` },
];

/** For a new password: also not guessable (111111, 123456). */
export const newPayPasswordRules = (label = '新支付密码') => [
  ...payPasswordRules(label),
  {
    validator: (_: unknown, v: string | undefined) =>
      v && /^\d{6}$/.test(v) && isWeakPayPassword(v) ? Promise.reject(new Error(`${label}不能是重复或连续的数字，请换一个`)) : Promise.resolve(),
  },
];

/** A confirmation that must equal the field `of`. */
export const confirmRules = (of: string) => [
  { required: true, message: '请再次输入新支付密码' },
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, v: string | undefined) =>
      !v || v === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error('两次输入的支付密码不一致')),
  }),
];

export function PayPasswordInput(props: InputProps) {
  return <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" placeholder="6位数字" style={{ width: 200 }} {...props} />;
}
