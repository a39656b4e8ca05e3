/**
 * Desensitised receiver text as Kuaishou and Xiaohongshu show it next to the ciphertext
 * (desensitiseConsignee / data.batchDesensitise): surname kept, mobile 3+4 digits kept, the
 * street address cut after its first characters. The exact platform patterns are ⚠ unverified.
 */

export function desensitiseName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

export function desensitiseMobile(phone: string): string {
  const p = phone.trim();
  return p.length < 8 ? p : `${p.slice(0, 3)}****${p.slice(-4)}`;
}

export function desensitiseAddress(address: string): string {
  const chars = [...address.trim()];
  return chars.length <= 6 ? `${chars.slice(0, 2).join('')}****` : `${chars.slice(0, 6).join('')}****`;
}
